// The API's types, from their folder (src/client/types/, one file per part of the API):
// kept here so that every `import … from '…/client/types.ts'` reads as before.
export type * from './types/index.ts';
