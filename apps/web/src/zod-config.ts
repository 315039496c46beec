/**
 * Imported first by main.tsx, before any schema is parsed. zod 4 would otherwise probe whether it may compile its
 * parsers with `Function('')`; the page's Content Security Policy has no 'unsafe-eval', so the probe is refused
 * and reported as a violation on every screen. Without the probe zod parses the same way, only interpreted.
 */
import { z } from 'zod';

z.config({ jitless: true });
