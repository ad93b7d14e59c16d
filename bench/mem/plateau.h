/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plateau.h - find the flat stretches (cache levels) of a latency-versus-size curve.
 *
 * Pure functions, no I/O: the suite calls them on its pointer-chase curve, the host tests
 * call them on synthetic and recorded curves. Contract:
 *  - input: n points, sizes ascending (any unit; the guesses text reads them as KB), each
 *    latency > 0 and finite; a bad input gives -1 and count 0.
 *  - The curve is read on a log scale: log latency against the point's position (the suite
 *    spaces its points evenly in log size, 2 per octave). A 3-point running median first
 *    removes single outliers. A run is a stretch of consecutive points whose smoothed
 *    latencies lie within a factor IB_PLATEAU_BAND of each other; a run of at least
 *    IB_PLATEAU_MIN_PTS points is a plateau. Runs are taken greedily from the small end.
 *    Two neighbouring plateaus whose levels differ by less than IB_PLATEAU_MIN_STEP are one
 *    level that drifted (they are merged). So a curve that rises by more than the band over
 *    every IB_PLATEAU_MIN_PTS points has no plateau, and one that rises slower than
 *    IB_PLATEAU_MIN_STEP per plateau reads as one level. Cache levels differ by more:
 *    the smallest step seen is TCG's L1 -> L2 (3.8 -> 6.4 ns, 1.7x); natively 3x and more.
 *    Past the last cache a random chase also climbs in page-walk steps of 1.2-1.4x (the
 *    TLBs running out), and those must not read as another cache.
 *  - level = median of the raw latencies of the plateau's points; rep = its middle point
 *    (the point a single figure is read from); edge = the last point, from the plateau's
 *    first, whose raw latency is at most level x IB_PLATEAU_EDGE (and before the next
 *    plateau): the size the level still holds, i.e. the cache size guess.
 *  - A plateau is a cache level unless it is the last one and fewer than IB_PLATEAU_AFTER
 *    points follow its edge: that one is what lies beyond every cache (main memory). One
 *    point above the last level proves nothing (a disturbed sample, the TLB running out);
 *    a curve that still rises for two points after its last plateau has not reached main
 *    memory, and that plateau is a cache (ib_plateau_is_cache()).
 *  - ib_plateau_guesses() writes "L1:32K,L2:512K,L3:32M": one entry (the edge's size) per
 *    cache level, "none" if there is no plateau, "flat" if there is one and it is not a
 *    cache. Sizes in KB, printed as M when a multiple of 1024. Returns the length written,
 *    0 if it does not fit in cap.
 */
#ifndef IB_PLATEAU_H
#define IB_PLATEAU_H

#include <stddef.h>

#define IB_PLATEAU_MAX 8
#define IB_PLATEAU_MAX_PTS 128
#define IB_PLATEAU_BAND 1.25
#define IB_PLATEAU_MIN_PTS 3
#define IB_PLATEAU_MIN_STEP 1.5
#define IB_PLATEAU_EDGE 1.3
#define IB_PLATEAU_AFTER 2

struct ib_plateau {
	unsigned first, last; /* indexes of the run (inclusive) */
	unsigned rep;         /* middle point of the run */
	unsigned edge;        /* last point still at the level (>= last) */
	double level;         /* median raw latency over first..last */
};

struct ib_plateaus {
	unsigned count;
	struct ib_plateau p[IB_PLATEAU_MAX];
};

int ib_plateau_detect(const double *size, const double *lat, unsigned n,
		      struct ib_plateaus *out);
int ib_plateau_is_cache(const struct ib_plateaus *pl, unsigned k, unsigned n);
size_t ib_plateau_guesses(const struct ib_plateaus *pl, const double *size, unsigned n,
			  char *buf, size_t cap);

#endif
