// token_text.cpp — stand-in tokenizer, built-in answers, characters. See token_text.h.
#include "core/token/token_text.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/text/bpe.h"
#include "core/text/utf8.h"

namespace tj::token {

static bool ascii_cut_before(unsigned char c) {
    return c == ' ' || c == '\n' || c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?' ||
           c == '(' || c == ')' || c == '"' || c == '\'' || c == '-';
}

TokenText split_standin(const std::string& text) {
    TokenText tt;
    std::string cur;
    bool cur_ascii = true;
    for (unsigned char c : text) {
        bool ascii = c < 0x80;
        bool cut = !cur.empty() &&
                   (ascii != cur_ascii || (ascii ? (ascii_cut_before(c) || cur.size() >= 6) : cur.size() >= 2));
        if (cut) {
            tt.token_bytes.push_back(cur);
            cur.clear();
        }
        cur_ascii = ascii;
        cur.push_back(char(c));
    }
    if (!cur.empty()) tt.token_bytes.push_back(cur);
    return tt;
}

const BpeEncoding* cached_encoding(int choice, std::string* note) {
    if (choice != kTokenizerCl100k && choice != kTokenizerO200k) return nullptr;
    // Loaded once and kept: a vocabulary is about a megabyte. A failure is not
    // kept, so a vocabulary that arrives later (the browser fetches it) is used.
    static std::map<int, BpeEncoding> loaded;
    auto it = loaded.find(choice);
    if (it == loaded.end()) {
        std::string err;
        std::optional<BpeEncoding> enc =
            load_encoding(default_vocab_dir(), choice == kTokenizerCl100k ? "cl100k" : "o200k", &err);
        if (!enc) {
            *note = err + " (the stand-in tokenizer is used instead)";
            return nullptr;
        }
        it = loaded.emplace(choice, std::move(*enc)).first;
    }
    return &it->second;
}

TokenText tokenize_text(const std::string& text, int choice, int* used, std::string* note) {
    *used = kTokenizerStandin;
    note->clear();
    if (const BpeEncoding* enc = cached_encoding(choice, note)) {
        TokenText tt;
        for (Token& t : enc->tokenize(text)) tt.token_bytes.push_back(std::move(t.bytes));
        *used = choice;
        return tt;
    }
    return split_standin(text);
}

const std::string& answer_text(int language) {
    static const std::string en =
        "A language model does not write a sentence at once. It answers one token at a time, and every "
        "token has to travel. The weights wait in memory; for each new token the chip reads all of them "
        "again, layer by layer, and the time that takes is set by how fast the bytes can move, not by how "
        "fast the cores can multiply. The cache of keys and values grows with every word, spills from the "
        "small fast stores near the cores to the larger, slower ones further away, and each step becomes a "
        "little longer. When the token is chosen it crosses back to the host, the detokenizer turns its "
        "bytes into letters, and only then does it reach your screen. Shorter paths, not bigger engines, "
        "make the answer arrive sooner.\n";
    static const std::string zh =
        "语言模型并不是一口气写出整句话。它一次只回答一个词元，而每个词元都要走一段路。权重躺在存储里；"
        "每生成一个新词元，芯片都要把它们逐层重新读一遍，耗时取决于字节搬得多快，而不是核心乘得多快。"
        "键值缓存随着每个字增长，从核心旁边又小又快的仓库溢出到更远、更大、更慢的仓库，每一步就慢一点。"
        "词元选定之后，还要跨回主机，由逆分词器把字节拼成文字，最后才出现在你的屏幕上。"
        "让回答更快到达的，是更短的路，而不是更大的引擎。\n";
    return language == 1 ? zh : en;
}

int split_chars(const std::string& text, std::vector<std::string>* out) {
    int n = 0;
    for (size_t i = 0; i < text.size();) {
        size_t len = std::max<size_t>(1, utf8_decode(text, i).length);
        if (out) out->push_back(text.substr(i, len));
        n++;
        i += len;
    }
    return n;
}

}  // namespace tj::token
