export { Autocomplete } from './Autocomplete.js';
