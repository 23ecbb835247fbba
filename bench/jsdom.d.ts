// The part of jsdom's API the benchmark uses (@types/jsdom is not installed).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
