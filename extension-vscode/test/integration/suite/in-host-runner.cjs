// The list of in-host tests and the runner both suites export as `run`: each result and the closing
// `in-host: N passed, N failed` go to the console, which the driver reads; a failure rejects, so VS Code exits 1.
exports.inHostSuite = function inHostSuite() {
  const tests = [];
  return {
    test: (name, fn) => tests.push({ name, fn }),
    run: async () => {
      let passed = 0;
      let failed = 0;
      for (const t of tests) {
        try {
          await t.fn();
          passed++;
          console.log(`ok - ${t.name}`);
        } catch (e) {
          failed++;
          console.error(`not ok - ${t.name}: ${e && e.stack ? e.stack : e}`);
        }
      }
      console.log(`in-host: ${passed} passed, ${failed} failed`);
      if (failed) throw new Error(`${failed} failed`);
    },
  };
};
