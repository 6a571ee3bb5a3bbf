/** The Unix socket the holder of an embedded DATA_DIR serves its database on. */
export function socketPathFor(dataDir: string): string;
export const SOCKET_DIR: string;
export const SOCKET_NAME: string;
