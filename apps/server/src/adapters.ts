/**
 * The ports at the server's edges: everything that leaves the server goes through an adapter chosen here,
 * once, in the composition root (services.ts), never inside a service. Today the AMS filing (the manifest
 * workbook) and the safe outbound HTTP client (webhooks); carriers, label printers and a customs broker plug in
 * here next. Tests hand their own through `buildServices`/`buildApp` options; what they leave out is the
 * default.
 */
import type { HookUrlCheckOptions } from './lib/hook-url.ts';
import { type OutboundHttp, safeOutboundHttp } from './lib/outbound-http.ts';
import { type FilingAdapter, workbookFilingAdapter } from './modules/ams/ams-filing.ts';

export interface Adapters {
  /** Where a submitted AMS is filed (modules/ams/ams-filing.ts). */
  filing: FilingAdapter;
  /** How the server calls out over HTTP (lib/outbound-http.ts). */
  outbound: OutboundHttp;
}

export interface AdapterSettings {
  /** The filing fields in plain ASCII (AMS_MANIFEST_ASCII; default on). */
  amsManifestAscii?: boolean;
  /** How outbound addresses are checked (HOOKS_ALLOW_PRIVATE; a resolver in tests). */
  outboundCheck: HookUrlCheckOptions;
}

export function buildAdapters(settings: AdapterSettings, given: Partial<Adapters> = {}): Adapters {
  return {
    filing: given.filing ?? workbookFilingAdapter({ ascii: settings.amsManifestAscii ?? true }),
    outbound: given.outbound ?? safeOutboundHttp(settings.outboundCheck),
  };
}
