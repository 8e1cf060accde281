/*
 * ehframe.c - .eh_frame from the model's FDEs (in progress).
 */
#include "obj.h"

void
obj_ehframe(const Obj *o, ObjBuf *out, ObjEhRel **rel, uint32_t *nrel)
{
    *rel = NULL;
    *nrel = 0;
}
