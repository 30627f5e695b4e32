// Locale files split by the `localeSections` Vite plugin (./localeSectionsPlugin.ts, ./sections.ts).
// Keys are typed from the whole files in ./i18next.d.ts; a part is just a tree of messages.

declare module '*.json?sections=core' {
  const messages: { readonly [section: string]: unknown };
  export default messages;
}

declare module '*.json?sections=rest' {
  const messages: { readonly [section: string]: unknown };
  export default messages;
}
