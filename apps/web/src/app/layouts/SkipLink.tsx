import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The first Tab on every page: straight to the page's content, past the header and navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skip} href="#main-content">
      {t('skipToContent')}
    </a>
  );
}
