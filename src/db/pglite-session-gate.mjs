// One PGlite instance is one PostgreSQL backend: one session, one transaction at a
// time. The service's own statements and those of a local client on the socket
// (pglite-socket-serve.mjs) share that session, so each holds this gate while the
// session is theirs: a service statement for its round, a service transaction until
// it ends, a socket client from its first message until PostgreSQL reports the
// session idle again. First come, first served, so neither side starves the other.
// Plain JS: the PGlite worker thread imports it without the tsx loader.

export function createSessionGate() {
  let tail = Promise.resolve();
  return {
    /** Resolves, in arrival order, with the function that hands the gate on. */
    acquire() {
      let release;
      const held = new Promise((resolve) => (release = resolve));
      const turn = tail.then(() => {
        let done = false;
        return () => {
          if (done) return;
          done = true;
          release();
        };
      });
      tail = tail.then(() => held);
      return turn;
    },
    async run(fn) {
      const release = await this.acquire();
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}
