// parcel_fold.h — folds parcels that would be drawn on top of each other for
// their whole trip into one drawn parcel (drawn as a stack).
//
// Why: a fab holds hundreds of lots on one belt, a few pixels apart; drawn one by
// one they are a smear that costs software GL a pixel fill each. Two parcels of the
// same look on the same route touch or overlap all the way when both their
// departures and their arrivals differ by less than the time the parcel needs to
// move its own size. Times are bucketed by that amount (rounded down to a power of
// two, so parcels of similar speed share buckets); each bucket keeps its first.
//
// Usage (when uploading to the ParcelRenderer):
//   size_t folded = fold_overlapping(instances, view.zoom());  // px per world unit
#pragma once
#include <cstddef>
#include <vector>

#include "app/render/parcel_geometry.h"

// Removes the parcels another one covers, in place, keeping order; marks the
// keepers that now stand for several as folded. Returns how many were removed.
size_t fold_overlapping(std::vector<ParcelInstance>& parcels, float px_per_world);
