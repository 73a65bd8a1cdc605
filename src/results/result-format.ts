/** How the reference server writes a result text, declared with the contract's vocabulary so that the
 * configuration can name it without importing this layer. */
export { DEFAULT_RESULT_FORMAT, RESULT_FORMATS, type ResultFormat } from '../contract/vocabulary.js';
