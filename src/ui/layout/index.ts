export { Layout } from './Layout.js';
