// The GFM plugin ships CommonJS without types; only `gfm` is used.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
}
