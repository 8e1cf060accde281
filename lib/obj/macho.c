/*
 * macho.c - the Mach-O 64 MH_OBJECT writer (in progress).
 */
#include "obj.h"

#include <stdio.h>

bool
obj_write_macho(const Obj *o, uint8_t **buf, size_t *len, char *err,
                size_t errlen)
{
    snprintf(err, errlen, "Mach-O writer not implemented yet");
    return false;
}
