//go:build amd64 && !purego

package attention

import (
	"sync"
	"sync/atomic"
)

// pack_amd64.go: panels of b copied into contiguous rows before the
// assembly kernel goes over them.
//
// The kernel reads a strip of b sixteen columns wide, one row after the
// other. When b's rows are far apart (a column block of a 512-wide
// matrix: 4 KB from one row to the next), each row of the strip is on its
// own page and in its own cache line, which neither the cache's
// prefetchers nor the TLB follow well: at n = 512 the kernel ran at about
// 40 % of its rate on contiguous data. Copying the panel (at most
// panelBytes) once, for all the rows of a that go past it, costs far less.
// Copying changes no value, so no bit.

// packMinStride is the row stride of b, in elements, from which block
// packs its panel, and packMinRows the rows of c that must share it.
const (
	packMinStride = 256
	packMinRows   = 16
)

// packSlots is how many goroutines may hold a pack buffer at once; more
// compute without packing.
const packSlots = 8

var packs struct {
	once sync.Once
	bufs [packSlots][]float64
	busy [packSlots]atomic.Bool
}

// takePack returns a free buffer of panelBytes and its slot, or slot −1
// when all are taken. The buffers are allocated together on first use.
func takePack() ([]float64, int) {
	packs.once.Do(func() {
		for i := range packs.bufs {
			packs.bufs[i] = make([]float64, panelBytes/8)
		}
	})
	for i := range packs.busy {
		if !packs.busy[i].Load() && packs.busy[i].CompareAndSwap(false, true) {
			return packs.bufs[i], i
		}
	}
	return nil, -1
}

// releasePack gives slot back.
func releasePack(slot int) { packs.busy[slot].Store(false) }

// packPanel copies columns j0 … j0+w−1 of b's k rows into buf, row after
// row (stride w), and returns it.
func packPanel(buf []float64, p *product, j0, w int) []float64 {
	buf = buf[:p.k*w]
	for l := 0; l < p.k; l++ {
		copy(buf[l*w:l*w+w], p.b[l*p.bs+j0:l*p.bs+j0+w])
	}
	return buf
}
