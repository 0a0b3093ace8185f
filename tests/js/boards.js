// The games' static boards, from the engine itself (no copy to drift): the Python that
// runs the test suite (PYTHON, else python3) prints scarab.load(game).board().
import { execFileSync } from "node:child_process";

export function board(game) {
  const python = process.env.PYTHON || "python3";
  const code = `import json, scarab; print(json.dumps(scarab.load(${JSON.stringify(game)}).board()))`;
  return JSON.parse(execFileSync(python, ["-c", code], { encoding: "utf8" }));
}
