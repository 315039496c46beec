export { IndexPage } from './IndexPage.tsx';
export { InternalHomePage } from './InternalHomePage.tsx';
