// vocab_loader.cpp — see vocab_loader.h. The page's side is TJPage.fetchVocab in
// web/static/page.js.
#include "app/token/vocab_loader.h"

#include <cstdio>
#include <string>

#include "app/ui/i18n.h"
#include "core/text/bpe.h"
#include "core/token/token_text.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <sys/stat.h>
#endif

namespace {
VocabStatus g_status[3];
uint64_t g_arrivals = 0;

int choice_of(const std::string& name) {
    for (int c = tj::token::kTokenizerCl100k; c <= tj::token::kTokenizerO200k; c++)
        if (name == vocab_name(c)) return c;
    return -1;
}
}  // namespace

const char* vocab_name(int choice) {
    return choice == tj::token::kTokenizerCl100k ? "cl100k_base" : choice == tj::token::kTokenizerO200k ? "o200k_base" : "";
}

VocabStatus vocab_status(int choice) {
    return choice_of(vocab_name(choice)) >= 0 ? g_status[choice] : VocabStatus{};
}

uint64_t vocab_arrivals() { return g_arrivals; }

std::string vocab_progress_text(int choice) {
    VocabStatus st = vocab_status(choice);
    if (st.state != VocabState::Loading) return "";
    char amount[32] = "";
    if (st.total > 0) std::snprintf(amount, sizeof amount, " %.0f%%", 100 * st.done / st.total);
    else if (st.done > 0) std::snprintf(amount, sizeof amount, " %.1f MB", st.done / 1e6);
    return std::string(tr("vocab.loading")) + " " + vocab_name(choice) + "…" + amount;
}

#ifdef __EMSCRIPTEN__
void vocab_request(int choice) {
    if (choice_of(vocab_name(choice)) < 0 || g_status[choice].state != VocabState::Idle) return;
    g_status[choice].state = VocabState::Loading;
    EM_ASM({ TJPage.fetchVocab(UTF8ToString($0)); }, vocab_name(choice));
}

extern "C" {
// Bytes so far and in all (0: the page does not know the size).
EMSCRIPTEN_KEEPALIVE void tj_vocab_progress(const char* name, double done, double total) {
    int c = choice_of(name);
    if (c < 0 || g_status[c].state != VocabState::Loading) return;
    g_status[c].done = done;
    g_status[c].total = total;
}

// The download failed (the page says why).
EMSCRIPTEN_KEEPALIVE void tj_vocab_failed(const char* name, const char* why) {
    int c = choice_of(name);
    if (c < 0) return;
    g_status[c].state = VocabState::Failed;
    g_status[c].problem = why;
}

// The whole file: written where the tokenizer looks for it, then parsed once (the
// parsed encoding is kept by cached_encoding). Returns "" or why it was refused.
EMSCRIPTEN_KEEPALIVE const char* tj_vocab_arrived(const char* name, const char* bytes, int size) {
    static std::string why;
    why.clear();
    int c = choice_of(name);
    if (c < 0) return (why = "unknown vocabulary").c_str();
    const std::string dir = tj::default_vocab_dir();
    mkdir("/assets", 0755);
    mkdir(dir.c_str(), 0755);
    const std::string path = dir + "/" + name + ".tjbpe";
    FILE* f = std::fopen(path.c_str(), "wb");
    bool written = f && std::fwrite(bytes, 1, size_t(size), f) == size_t(size);
    if (f) std::fclose(f);
    std::string note;
    if (!written) why = "cannot be written to " + path;
    else if (!tj::token::cached_encoding(c, &note)) why = note;
    if (!why.empty()) std::remove(path.c_str());  // the stand-in stays; nothing half-read is used later
    g_status[c].state = why.empty() ? VocabState::Ready : VocabState::Failed;
    g_status[c].done = g_status[c].total = size;
    g_status[c].problem = why;
    if (why.empty()) g_arrivals++;
    return why.c_str();
}
}
#else
void vocab_request(int) {}  // natively the vocabularies are read from disk when first used
#endif
