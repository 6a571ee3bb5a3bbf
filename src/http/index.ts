export { createHttpApp, type HttpDeps } from './create-http-app.js';
