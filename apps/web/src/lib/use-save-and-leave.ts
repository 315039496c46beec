import { useNavigate } from 'react-router';
import { notifySuccess } from './notify.ts';

interface SaveAndLeaveOptions<Input, Saved> {
  /** Saves on the server; a failure is thrown on to the form, which puts its details on the fields. */
  save: (input: Input) => Promise<Saved>;
  /** The success toast. */
  done: string;
  /** Where Cancel goes, and a save unless `next` says otherwise: the list. */
  back: string;
  /** Where a save goes instead: the saved row's own page, or null to stay (its rows show below the form). */
  next?: (saved: Saved) => string | null;
  /** The page saved from leaves the history (an add page that led to the new row's edit page). */
  replace?: boolean;
}

/**
 * An add or edit page's form handlers (spec §2): Save saves, toasts and leaves for the list; Cancel goes back
 * to the list. Spread on the form: `<VendorForm {...useSaveAndLeave(...)} />`.
 */
export function useSaveAndLeave<Input, Saved>({
  save,
  done,
  back,
  next,
  replace = false,
}: SaveAndLeaveOptions<Input, Saved>) {
  const navigate = useNavigate();
  return {
    onSubmit: async (input: Input) => {
      const saved = await save(input);
      notifySuccess(done);
      const to = next ? next(saved) : back;
      if (to !== null) navigate(to, { replace });
    },
    onCancel: () => navigate(back),
  };
}
