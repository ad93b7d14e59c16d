/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export-int.h - between export-html.c (the page) and export-plot.c (gnuplot's files).
 *
 * ib_plot_plan(): the metrics to plot, in the summary's section order, then the metrics
 * without a summary column that every boot measured at most once, IB_PLOTS_MAX plots in all
 * (*left: how many such metrics are left to the CSV); NULL when out of memory.
 * ib_plot_metric() / ib_plot_ratios() write a data file into the open directory datafd (the
 * output's data/, shown so in messages; host/lib/safeio.h) and append the plot's commands to
 * the script gp; they return 1 (png set, "plots/NAME.png", relative to the output), 0
 * (nothing to plot) or -1 (I/O error, message printed). A plot shows the first
 * IB_PLOT_LABELS_MAX labels. ib_plot_prologue() starts the script; its PNGs go to OUT.NAME,
 * OUT being 'plots/' unless set before the script runs.
 * ib_plot_run() runs `gnuplot -e OUT='PRIV/' plots.gp` in the output directory dfd, no shell,
 * its output to PRIV/gnuplot.log (PRIV: a private directory under it, open as privfd), and
 * returns its exit status, 127 when gnuplot is not found, 128 + N when killed by signal N.
 */
#ifndef IB_EXPORT_INT_H
#define IB_EXPORT_INT_H

#include <stdio.h>

#include <jansson.h>

#include "report/store/store.h"

struct plot {
	const char *metric;     /* borrowed from the set or summary.c */
	char section[96];       /* as `initbench compare` names it */
	char unit[32];
	char png[128];  /* relative to the output directory; "" when there is nothing to plot */
};

#define IB_PLOTS_MAX 128
#define IB_PLOT_LABELS_MAX 32

struct plot *ib_plot_plan(const struct ib_set *set, size_t *n, size_t *left);
/* distinct labels in set order; out holds set->n entries */
size_t ib_plot_labels(const struct ib_set *set, const char **out);
void ib_plot_prologue(FILE *gp);
int ib_plot_metric(FILE *gp, int datafd, const char *shown, size_t idx, struct plot *p,
		   const struct ib_set *set, const char **labels, size_t nl);
int ib_plot_ratios(FILE *gp, int datafd, const char *shown, size_t idx, const char *section,
		   const json_t *compare, char *png, size_t cap);
int ib_plot_run(int dfd, int privfd, const char *priv, const char *gnuplot);
/* one label's colour in the plots, "RRGGBB" */
const char *ib_plot_colour(size_t label_index);

#endif
