// published_checks.h — how well the model matches published figures, per hardware and stack preset,
// for the app to write beside the preset ("checked against 9 published figures it was
// not fitted to: median error 12%"; "with its family left out of the fit: 15% on 11"),
// and the batches and chips those figures ran, so the app can say when the run is
// outside them.
//
// The table is generated from tests/fidelity/published.tsv by
//   token-journey-cli fidelity --checks > core/token/published_checks_table.inc
// and unit tests (tests/token/test_fidelity.cpp; the cross-validated column in a test of
// its own, left out of the sanitizer build for its two minutes) hold it to what the
// fidelity table gives now, so it cannot drift from the model or the rows.
//
// Usage:
//   if (const PublishedCheck* c = published_check("hw.h100_sxm")) c->validation, c->median_abs_error;
#pragma once
#include <string>
#include <vector>

namespace tj {

struct PublishedCheck {
    std::string preset;            // a hardware or stack preset id, "hw.h100_sxm", "stack.tt_metal"
    int validation = 0;            // published figures it was not fitted to
    int fitted = 0;                // published figures a constant was fitted to
    double median_abs_error = 0;   // median |model / published - 1| over the validation figures
    double batch_lo = 0, batch_hi = 0;  // the batches its figures ran (token.run.batch)
    double chips_lo = 0, chips_hi = 0;  // and the chips (token.mesh.chips)
    // Median |error| over all its figures, fit and validation, each predicted by the fit
    // that left its family out (calibration.h): the error to expect on a stack or a
    // board the fit has not seen. 0 when not computed.
    double cross_validated = 0;
    // The presets its figures ran with, space-separated: a board's stacks, or a stack's
    // boards ("stack.gpu_graphs"; "hw.a100_80gb hw.h100_sxm"). Another pairing is unchecked.
    std::string ran_with;
};

// Every hardware and stack preset that some published row uses, in the generated table's order.
const std::vector<PublishedCheck>& published_checks();
// The preset's check, or nullptr when no published row uses it.
const PublishedCheck* published_check(const std::string& preset);

}  // namespace tj
