/**
 * The server's texts catalogue itself, as a module of its own so the build gives it a chunk of its own:
 * imported only through `loadServerTexts` (server-texts.ts).
 */
export { renderText } from '@parcelops/shared';
