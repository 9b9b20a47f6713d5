// random_corpus.mjs — writes a seeded random corpus (same format as corpus.json) for the
// differential test against the reference encoders: strings built from fragments that
// stress the split patterns (case changes, contractions, marks, digits, every kind of
// whitespace, slashes, CJK, emoji). Same seed, same corpus.
// Usage: node random_corpus.mjs OUTPUT.json [COUNT] [SEED]
import { writeFileSync } from 'node:fs';

const [outPath, countArg = '3000', seedArg = '1'] = process.argv.slice(2);
if (!outPath) {
  console.error('usage: node random_corpus.mjs OUTPUT.json [COUNT] [SEED]');
  process.exit(2);
}
let state = (Number(seedArg) >>> 0) || 1;
const next = () => {  // xorshift32: enough for picking fragments
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
};
const fragments = [
  'a', 'Z', 'word', 'Word', 'WORD', 'wOrD', 'ǅ', 'ſ', 'ß', 'İ', 'é', 'e\u0301', '\u0301', '\u0903', '\u20dd',
  "'", "'s", "'S", "'t", "'re", "'VE", "'ll", "'Ll", "'d", "'m", "'x", '’',
  '0', '7', '42', '123', '9999', '٣', 'Ⅻ', '½', '²',
  ' ', '  ', '\t', '\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2028',
  '\u202f', '\u3000', '\u200b', '\u2060',
  '/', '//', '.', ',', '!', '?', '-', '_', '#', '@', '(', ')', '{', '}', '"', '\\', '<|', '|>',
  '大', '模型', '，', '。', '词元', 'カタ', 'ひら', '한', 'Ж', 'ж', 'ع', 'ह', 'ि',
  '😀', '👍🏽', '👨‍👩‍👧', '🇨🇳', '️', '\u200d', '🫠',
];
const strings = [];
for (let i = 0; i < Number(countArg); i++) {
  let s = '';
  for (let n = next() % 24; n > 0; n--) s += fragments[next() % fragments.length];
  strings.push(s);
}
writeFileSync(outPath, JSON.stringify({ about: `random corpus, seed ${seedArg}`, strings }));
console.log(`random_corpus: ${strings.length} strings -> ${outPath}`);
