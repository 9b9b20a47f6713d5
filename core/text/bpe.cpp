// bpe.cpp — vocabulary loading (text and compact forms), the rank hash table and the
// lowest-rank-first pair merging. See bpe.h.
#include "core/text/bpe.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/hash.h"

namespace tj {

namespace {

constexpr char kBinaryMagic[8] = {'T', 'J', 'B', 'P', 'E', '0', '1', '\n'};
constexpr uint32_t kMaxRank = 1u << 22;   // far above any real vocabulary; stops absurd allocations
constexpr size_t kMaxTokenBytes = 255;    // the compact form stores lengths in one byte

struct RawToken {
    uint32_t rank;
    uint32_t offset, length;  // in the loader's scratch blob
};

bool read_file(const std::string& path, std::string& out) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return false;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
        out.append(buf, n);
    const bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
}

int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

bool base64_decode(std::string_view in, std::string& out) {
    uint32_t acc = 0;
    int bits = 0;
    size_t i = 0;
    for (; i < in.size() && in[i] != '='; i++) {
        const int v = base64_value(in[i]);
        if (v < 0)
            return false;
        acc = (acc << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += char((acc >> bits) & 0xFF);
        }
    }
    for (; i < in.size(); i++)
        if (in[i] != '=')
            return false;
    return true;
}

// "BASE64 RANK" lines. Returns "" or what is wrong, with the line number.
std::string parse_text_form(std::string_view data, std::string& blob, std::vector<RawToken>& tokens) {
    size_t line_no = 0;
    for (size_t pos = 0; pos < data.size();) {
        size_t eol = data.find('\n', pos);
        if (eol == std::string_view::npos)
            eol = data.size();
        std::string_view line = data.substr(pos, eol - pos);
        pos = eol + 1;
        line_no++;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        const size_t space = line.find(' ');
        if (space == std::string_view::npos || space == 0 || space + 1 == line.size())
            return "line " + std::to_string(line_no) + " is not \"BASE64 RANK\"";
        uint64_t rank = 0;
        for (char c : line.substr(space + 1)) {
            if (c < '0' || c > '9' || rank >= kMaxRank)
                return "line " + std::to_string(line_no) + " has a bad rank";
            rank = rank * 10 + uint64_t(c - '0');
        }
        const size_t before = blob.size();
        if (!base64_decode(line.substr(0, space), blob))
            return "line " + std::to_string(line_no) + " has bad base64";
        tokens.push_back({uint32_t(rank), uint32_t(before), uint32_t(blob.size() - before)});
    }
    return "";
}

// The compact form: magic, u32 LE count, then per rank a length byte (0 = no token) and bytes.
std::string parse_binary_form(std::string_view data, std::string& blob, std::vector<RawToken>& tokens) {
    size_t pos = sizeof kBinaryMagic;
    if (data.size() < pos + 4)
        return "the header is cut short";
    uint32_t count = 0;
    for (int i = 3; i >= 0; i--)
        count = (count << 8) | uint8_t(data[pos + i]);
    pos += 4;
    if (count > kMaxRank)
        return "the token count is absurd";
    for (uint32_t rank = 0; rank < count; rank++) {
        if (pos >= data.size())
            return "the file ends at rank " + std::to_string(rank) + " of " + std::to_string(count);
        const size_t len = uint8_t(data[pos++]);
        if (len > data.size() - pos)
            return "the file ends inside token " + std::to_string(rank);
        if (len > 0) {
            tokens.push_back({rank, uint32_t(blob.size()), uint32_t(len)});
            blob.append(data.substr(pos, len));
        }
        pos += len;
    }
    if (pos != data.size())
        return "there are bytes after the last token";
    return "";
}

uint64_t hash_bytes(std::string_view s) {
    uint64_t h = fnv1a(s.data(), s.size());
    return h ^ (h >> 29);
}

} // namespace

std::string canonical_encoding_name(std::string_view name) {
    if (name == "cl100k" || name == "cl100k_base")
        return "cl100k_base";
    if (name == "o200k" || name == "o200k_base")
        return "o200k_base";
    return "";
}

std::optional<BpeEncoding> BpeEncoding::load(const std::string& path, std::string_view name, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<BpeEncoding> {
        if (error)
            *error = "vocabulary " + path + ": " + why;
        return std::nullopt;
    };
    BpeEncoding enc;
    enc.name_ = canonical_encoding_name(name);
    if (enc.name_.empty())
        return fail("unknown encoding \"" + std::string(name) + "\" (use cl100k or o200k)");
    enc.pattern_ = enc.name_ == "o200k_base" ? SplitPattern::o200k : SplitPattern::cl100k;

    std::string data;
    if (!read_file(path, data))
        return fail("cannot be read (run scripts/fetch_vocab.sh, or set TJ_VOCAB_DIR)");
    std::string raw_blob;
    std::vector<RawToken> raw;
    const bool binary = data.size() >= sizeof kBinaryMagic &&
                        std::string_view(data).substr(0, sizeof kBinaryMagic) ==
                            std::string_view(kBinaryMagic, sizeof kBinaryMagic);
    std::string why = binary ? parse_binary_form(data, raw_blob, raw) : parse_text_form(data, raw_blob, raw);
    if (!why.empty())
        return fail(why);
    if (raw.empty())
        return fail("holds no tokens");

    std::sort(raw.begin(), raw.end(), [](const RawToken& a, const RawToken& b) { return a.rank < b.rank; });
    const uint32_t size = raw.back().rank + 1;
    enc.offsets_.assign(size_t(size) + 1, 0);
    enc.blob_.reserve(raw_blob.size());
    size_t next = 0;
    for (uint32_t rank = 0; rank < size; rank++) {
        enc.offsets_[rank] = uint32_t(enc.blob_.size());
        if (next < raw.size() && raw[next].rank == rank) {
            const RawToken& t = raw[next++];
            if (next < raw.size() && raw[next].rank == rank)
                return fail("rank " + std::to_string(rank) + " appears twice");
            if (t.length == 0 || t.length > kMaxTokenBytes)
                return fail("token " + std::to_string(rank) + " has " + std::to_string(t.length) + " bytes");
            enc.blob_.append(raw_blob, t.offset, t.length);
        }
    }
    enc.offsets_[size] = uint32_t(enc.blob_.size());

    // Hash table at most half full, so probes stay short.
    size_t cap = 1;
    while (cap < size_t(raw.size()) * 2)
        cap <<= 1;
    enc.slots_.assign(cap, kNone);
    for (uint32_t rank = 0; rank < size; rank++) {
        if (!enc.has_token(rank))
            continue;
        std::string_view bytes = enc.token_bytes(rank);
        if (enc.lookup(bytes) != kNone)
            return fail("token " + std::to_string(rank) + " repeats the bytes of another token");
        size_t i = hash_bytes(bytes) & (cap - 1);
        while (enc.slots_[i] != kNone)
            i = (i + 1) & (cap - 1);
        enc.slots_[i] = rank;
    }
    // Byte-level BPE must be able to fall back to single bytes for any input.
    for (int b = 0; b < 256; b++)
        if (enc.lookup(std::string_view(std::string(1, char(b)))) == kNone)
            return fail("has no token for the single byte " + std::to_string(b) + ": not a byte-level BPE vocabulary");
    return enc;
}

std::string_view BpeEncoding::token_bytes(uint32_t id) const {
    if (id >= vocab_size())
        return {};
    return std::string_view(blob_).substr(offsets_[id], offsets_[id + 1] - offsets_[id]);
}

uint32_t BpeEncoding::lookup(std::string_view bytes) const {
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash_bytes(bytes) & mask;; i = (i + 1) & mask) {
        const uint32_t rank = slots_[i];
        if (rank == kNone || token_bytes(rank) == bytes)
            return rank;
    }
}

// Scratch space reused across the pieces of one encode() call.
struct BpeEncoding::MergeScratch {
    struct Candidate {
        uint32_t rank, left, right_end;  // merge part `left` with its neighbour, ending at right_end
        bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
    };
    std::vector<uint32_t> next;  // part starting at byte i -> start of the next part (piece size = end)
    std::vector<uint32_t> prev;
    std::vector<uint8_t> alive;
    std::vector<Candidate> heap;
};

void BpeEncoding::encode_piece(std::string_view piece, MergeScratch& m, std::vector<uint32_t>& out) const {
    if (uint32_t whole = lookup(piece); whole != kNone) {
        out.push_back(whole);
        return;
    }
    // Parts are named by their first byte; they start as single bytes.
    const uint32_t n = uint32_t(piece.size());
    m.next.resize(n);
    m.prev.resize(n);
    m.alive.assign(n, 1);
    m.heap.clear();
    for (uint32_t i = 0; i < n; i++) {
        m.next[i] = i + 1;
        m.prev[i] = i == 0 ? kNone : i - 1;
    }
    auto offer = [&](uint32_t left) {  // queue the merge of `left` with the part after it
        const uint32_t right = m.next[left];
        if (right >= n)
            return;
        const uint32_t end = m.next[right];
        const uint32_t rank = lookup(piece.substr(left, end - left));
        if (rank != kNone) {
            m.heap.push_back({rank, left, end});
            std::push_heap(m.heap.begin(), m.heap.end(), std::greater<>());
        }
    };
    for (uint32_t i = 0; i + 1 < n; i++)
        offer(i);
    while (!m.heap.empty()) {
        std::pop_heap(m.heap.begin(), m.heap.end(), std::greater<>());
        const MergeScratch::Candidate c = m.heap.back();
        m.heap.pop_back();
        // Skip candidates made stale by earlier merges: the pair must still be there as queued.
        if (!m.alive[c.left] || m.next[c.left] >= n || m.next[m.next[c.left]] != c.right_end)
            continue;
        const uint32_t right = m.next[c.left];
        m.alive[right] = 0;
        m.next[c.left] = c.right_end;
        if (c.right_end < n)
            m.prev[c.right_end] = c.left;
        if (m.prev[c.left] != kNone)
            offer(m.prev[c.left]);
        offer(c.left);
    }
    for (uint32_t i = 0; i < n; i = m.next[i])
        out.push_back(lookup(piece.substr(i, m.next[i] - i)));
}

std::vector<uint32_t> BpeEncoding::encode(std::string_view text) const {
    std::vector<std::string_view> pieces;
    pretokenize(text, pattern_, pieces);
    std::vector<uint32_t> ids;
    ids.reserve(text.size() / 3 + 1);
    MergeScratch scratch;
    for (std::string_view piece : pieces)
        encode_piece(piece, scratch, ids);
    return ids;
}

std::vector<Token> BpeEncoding::tokenize(std::string_view text) const {
    std::vector<Token> tokens;
    for (uint32_t id : encode(text))
        tokens.push_back({id, std::string(token_bytes(id))});
    return tokens;
}

std::optional<std::string> BpeEncoding::decode(const std::vector<uint32_t>& ids) const {
    std::string out;
    for (uint32_t id : ids) {
        if (!has_token(id))
            return std::nullopt;
        out.append(token_bytes(id));
    }
    return out;
}

std::string default_vocab_dir() {
    if (const char* dir = std::getenv("TJ_VOCAB_DIR"); dir && *dir)
        return dir;
    if (const char* cache = std::getenv("TJ_CACHE"); cache && *cache)
        return std::string(cache) + "/vocab";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.cache/token-journey/vocab";
}

std::string vocab_file(const std::string& dir, std::string_view name) {
    const std::string base = dir + "/" + canonical_encoding_name(name);
    if (FILE* f = std::fopen((base + ".tjbpe").c_str(), "rb")) {
        std::fclose(f);
        return base + ".tjbpe";
    }
    return base + ".tiktoken";
}

std::optional<BpeEncoding> load_encoding(const std::string& dir, std::string_view name, std::string* error) {
    if (canonical_encoding_name(name).empty()) {
        if (error)
            *error = "unknown encoding \"" + std::string(name) + "\" (use cl100k or o200k)";
        return std::nullopt;
    }
    return BpeEncoding::load(vocab_file(dir, name), name, error);
}

} // namespace tj
