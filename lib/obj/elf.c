/*
 * elf.c - the ELF64 relocatable writer (in progress).
 */
#include "obj.h"

#include <stdio.h>

bool
obj_write_elf(const Obj *o, uint8_t **buf, size_t *len, char *err,
              size_t errlen)
{
    snprintf(err, errlen, "ELF writer not implemented yet");
    return false;
}
