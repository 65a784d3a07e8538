//go:build amd64 && !purego

package cpu

func detect() (avx, avx2 bool) {
	maxLeaf, _, _, _ := cpuid(0, 0)
	_, _, ecx, _ := cpuid(1, 0)
	const osxsave, avxBit = 1 << 27, 1 << 28
	if ecx&osxsave == 0 || ecx&avxBit == 0 {
		return false, false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // the OS saves XMM and YMM state
		return false, false
	}
	if maxLeaf < 7 {
		return true, false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return true, ebx&(1<<5) != 0
}

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)
