/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The boots of one console capture (report/log/capsplit.h) and the label of a disk's
 * results file (report/import/import.h, ib_disk_log_label()): where each boot starts (its
 * firmware and kernel lines its own, the suite's and PID 1's last lines its predecessor's),
 * a repeated begin kept in its boot, the cap, and the names NN-NAME.log.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "report/import/import.h"
#include "report/log/capsplit.h"

/* two boots of a GRUB loop as a serial line shows them (CRCs do not matter here) */
static const char two[] =
	"SeaBIOS\r\ninitbench: boot 1 of 2\r\n[    0.000000] Linux version 6.1\r\n"
	"# IB 0 begin proto=1 *00000000\r\n"
	"ok 1 null_call\r\n"
	"# IB 1 m bench=null_call *00000000\r\n"
	"# IB 2 end records=2 *00000000\r\n"
	"# initbench summary: 1 planned, 1 ok\r\n"
	"init: out: wrote 2782 bytes\r\n"
	"[    4.8] reboot: Restarting system\r\n"
	"initbench: boot 2 of 2\r\n"
	"# IB 0 begin proto=1 *00000000\r\n"
	"# IB 1 end records=1 *00000000\r\n";

static void test_two_boots(void **state)
{
	size_t start[4];
	const char *second = strstr(two, "[    4.8]");

	(void)state;
	assert_int_equal(ib_capture_boots(two, strlen(two), start, 4), 2);
	assert_int_equal(start[0], 0);
	assert_int_equal(start[1], (size_t)(second - two));
	/* without a final newline, and with the second begin not at the start of its line */
	char cut[sizeof(two)];
	strcpy(cut, two);
	cut[strlen(cut) - 2] = '\0';
	assert_int_equal(ib_capture_boots(cut, strlen(cut), start, 4), 2);
	const char *mid = "x# IB 0 begin a\nx# IB 1 m\nzz# IB 0 begin b\n";

	assert_int_equal(ib_capture_boots(mid, strlen(mid), start, 4), 2);
	assert_int_equal(start[1], strlen("x# IB 0 begin a\nx# IB 1 m\n"));
}

static void test_one_boot(void **state)
{
	size_t start[4];
	const char *rep = "# IB 0 begin a\n# IB 0 begin a\n# IB 1 end\n";

	(void)state;
	assert_int_equal(ib_capture_boots("", 0, start, 4), 1);
	assert_int_equal(ib_capture_boots("no records at all\n", 18, start, 4), 1);
	/* a begin repeated at once is the same boot (the parser calls it a duplicate) */
	assert_int_equal(ib_capture_boots(rep, strlen(rep), start, 4), 1);
	/* "# IB 10 begin" or a begin as a value is no new boot */
	assert_int_equal(ib_capture_boots("# IB 0 begin\n# IB 1 m\n# IB 10 begin x\n", 36, start, 4), 1);
	assert_int_equal(ib_capture_boots("# IB 0 begin\n# IB 1 m x=# IB 0 begin \n", 37, start, 4), 1);
}

static void test_cap(void **state)
{
	char buf[400] = "";
	size_t start[8];

	(void)state;
	for (int i = 0; i < 5; i++)
		strcat(buf, "# IB 0 begin a\n# IB 1 end\n");
	assert_int_equal(ib_capture_boots(buf, strlen(buf), start, 5), 5);
	assert_int_equal(ib_capture_boots(buf, strlen(buf), start, 4), 5);   /* max + 1: too many */
	assert_int_equal(start[3], 3 * strlen("# IB 0 begin a\n# IB 1 end\n"));
}

static void test_log_label(void **state)
{
	char l[80];

	(void)state;
	assert_int_equal(ib_disk_log_label("03-base.log", l, sizeof(l)), 1);
	assert_string_equal(l, "base");
	assert_int_equal(ib_disk_log_label("117-new.kernel-2.log", l, sizeof(l)), 1);
	assert_string_equal(l, "new.kernel-2");
	assert_int_equal(ib_disk_log_label("ib-6ba67dd0.log", l, sizeof(l)), 0);
	assert_int_equal(ib_disk_log_label("03-.log", l, sizeof(l)), 0);
	assert_int_equal(ib_disk_log_label("03-base.txt", l, sizeof(l)), 0);
	assert_int_equal(ib_disk_log_label("03-.hidden.log", l, sizeof(l)), 0);   /* label rule */
	assert_int_equal(ib_disk_log_label("03--x.log", l, sizeof(l)), 0);
	assert_int_equal(ib_disk_log_label("-base.log", l, sizeof(l)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_boots),
		cmocka_unit_test(test_one_boot),
		cmocka_unit_test(test_cap),
		cmocka_unit_test(test_log_label),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
