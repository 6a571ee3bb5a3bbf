export { createVoyageEmbedder, voyageApiRoot, VoyageEmbedError, type VoyageEmbedder, type VoyageEmbedderOptions } from './voyage-embedder.js';
