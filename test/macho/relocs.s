	.section __TEXT,__text,regular,pure_instructions
	.globl _set_bytes
	.p2align 4, 0x90
_set_bytes:
	movb $0x11, _bytes+1(%rip)
	movw $0x2233, _bytes+2(%rip)
	movl $0x44556677, _bytes+4(%rip)
	movb $0x55, Lstatic+8(%rip)
	movw $0x6677, Lstatic+10(%rip)
	movl $0x8899aabb, Lstatic+12(%rip)
	movb $0x12, _b1(%rip)
	movw $0x3456, _b2(%rip)
	movl $0x789abcde, _b4(%rip)
	movb $0x21, Ls1(%rip)
	movw $0x6543, Ls2(%rip)
	movl $0xedcba987, Ls4(%rip)
	retq

	.globl _get_static
_get_static:
	leaq Lstatic+3(%rip), %rax
	retq

	.globl _got_addr
_got_addr:
	xorl %eax, %eax
	addq _c_value@GOTPCREL(%rip), %rax
	retq

	.globl _call_host
_call_host:
	pushq %rbp
	movq %rsp, %rbp
	callq _labs
	movq %rax, %rdi
	callq Lfar
	movq %rax, %rdi
	popq %rbp
	jmp _labs

	.section __TEXT,__other,regular,pure_instructions
Lfar:
	leaq -1(%rdi), %rax
	retq

	.section __DATA,__data
	.globl _bytes
	.p2align 4
_bytes:
	.space 16
	.globl _b1, _b2, _b4
_b1:	.byte 0
	.p2align 1
_b2:	.short 0
	.p2align 2
_b4:	.long 0
	.globl _ptrs
	.p2align 3
_ptrs:
	.quad _bytes + 3
	.quad Lstatic + 5
	.quad _set_bytes
	.quad _ptrs - _bytes
	.quad _set_bytes - _bytes
	.long _set_bytes - _ptrs
	.long _labs@GOTPCREL
	.quad _labs
	.quad Lstatic - _bytes

	.section __DATA,__static
	.p2align 4
Lstatic:
	.space 16
Ls1:	.byte 0
	.p2align 1
Ls2:	.short 0
	.p2align 2
Ls4:	.long 0

.subsections_via_symbols
