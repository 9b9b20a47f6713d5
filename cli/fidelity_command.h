// fidelity_command.h — `token-journey-cli fidelity [--table FILE] [--role fit|validation]`:
// runs every case of the published-measurement table (core/fidelity/fidelity.h) and
// prints model, published and ratio per row, then the median |error| per role.
#pragma once

int run_fidelity_command(int argc, char** argv);
