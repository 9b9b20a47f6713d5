// fidelity_command.h — `token-journey-cli fidelity [--table FILE] [--role fit|validation] [--fit | --cv]`:
// runs every case of the published-measurement table (core/fidelity/fidelity.h) and
// prints model, published and ratio per row, then the median |error| per role.
//   --fit  refits the fitted constants by least squares over the rows marked fit and
//          prints each constant before and after (core/fidelity/calibration.h)
//   --cv   leaves one family out at a time: refits without it and prints its rows
//          with the refitted constants, then the cross-validated median |error|
#pragma once

int run_fidelity_command(int argc, char** argv);
