/*
 * ckmain.h - the main of every Check suite: run it (CK_FORK as the
 * environment says), report, and exit 1 if a test failed.
 */
#ifndef SIR_TEST_CKMAIN_H
#define SIR_TEST_CKMAIN_H

#include <check.h>
#include <stdlib.h>

static inline int
ck_main(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
