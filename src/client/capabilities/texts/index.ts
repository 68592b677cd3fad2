// What other capabilities' pages use of texts: the published texts the server writes into them.
export { getPublishedText, PublishedTextPart, writtenHead } from './published';
