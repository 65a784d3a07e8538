//go:build amd64 && !purego

package attention

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// forward_team_amd64.go: Forward with its heads on every core.
//
// A forward's heads are independent: head i needs only its own columns of
// X·Wq, XKV·Wk and XKV·Wv. forwardTeam runs them as one set of team tasks
// (team.go), a task a head: its three projections, Kᵀ, the scores, the
// softmax and ·V, in that head's own small matrices, which stay in the
// core's cache. A second set, a task per block of rows, takes the heads'
// mean and Concat·Wo. Every element is computed by the same kernels in the
// same order as Forward's serial path (a column block of a product is
// summed as the whole product sums it), so the bits are the same.

// teamOn lets Forward use forwardTeam; tests turn it off to compare.
var teamOn = true

// teamMinMACs: a forward of fewer multiply-adds runs in one goroutine, as
// elsewhere: its heads cost less than handing them over.
const teamMinMACs = 1 << 17

// teamJob is one forward's work for the team.
type teamJob struct {
	res               *Result
	in                *Input
	temp              float64 // in.Options.temperature()
	xNoZero, kvNoZero bool    // X (XKV) has no zero entry
	byRows            bool    // the second set: tasks of rowsPer rows
	rowsPer           int
}

// teamJobs is the job of the forward that holds the team (under team.busy).
var teamJobs teamJob

// forwardTeam computes Forward of in into dst, whose buffers fit in, with
// the team, and reports whether it did: false where the forward is small,
// has one head, or the team is off, busy (another goroutine's forward) or
// resting (team.go): Forward then splits only its large products among
// parallel.go's workers, which sleep on channels between them and so fare
// better on a busy machine.
func forwardTeam(dst *Result, in *Input) bool {
	sh := dst.shape
	if !teamOn || !parallel || sh.heads < 2 || forwardMACs(sh) < teamMinMACs {
		return false
	}
	// Check here what the tasks would panic on: a panic in a worker
	// would end the program.
	if in.Options.Valid < 0 {
		panic(fmt.Sprintf("attention: Options.Valid = %d < 0", in.Options.Valid))
	}
	if !teamAcquire() {
		return false // busy, or resting: Forward's own path
	}
	defer teamRelease()
	j := &teamJobs
	*j = teamJob{res: dst, in: in, temp: in.Options.temperature()}
	j.rowsPer = max(4, (sh.n/(2*(team.workers+1))+3)&^3)
	j.xNoZero = !hasZeroDense(in.X)
	j.kvNoZero = j.xNoZero
	if in.XKV != nil {
		j.kvNoZero = !hasZeroDense(in.XKV)
	}
	teamRun(j, sh.heads)
	j.byRows = true
	teamRun(j, (sh.n+j.rowsPer-1)/j.rowsPer)
	*j = teamJob{}
	dst.Output = dst.Concat
	if in.Wo != nil {
		dst.Output = dst.out
	}
	return true
}

// forwardMACs is the number of multiply-adds of a forward of shape sh.
func forwardMACs(sh shape) int {
	hk, hv := sh.heads*sh.dk, sh.heads*sh.dv
	macs := sh.dModel*(sh.n*hk+sh.m*hk+sh.m*hv) + sh.n*sh.m*(hk+hv)
	if sh.wo {
		macs += sh.n * hv * sh.dOut
	}
	return macs
}

// run runs task t: head t, or the t-th block of rows.
func (j *teamJob) run(t int) {
	if j.byRows {
		j.rows(t)
		return
	}
	j.head(t)
}

// head computes head i: Q, K and V from its columns of Wq, Wk and Wv, then
// what attend computes.
func (j *teamJob) head(i int) {
	r, in := j.res, j.in
	h := &r.Heads[i]
	*h = r.views[i]
	kv := in.X
	if in.XKV != nil {
		kv = in.XKV
	}
	project(h.Q, in.X, in.Wq, i*r.shape.dk, j.xNoZero)
	project(h.K, kv, in.Wk, i*r.shape.dk, j.kvNoZero)
	project(h.V, kv, in.Wv, i*r.shape.dv, j.kvNoZero)
	transpose(h.kT, h.K)
	mulSerial(h.Scores, h.Q, h.kT)
	softmaxRows(h, in.Options, j.temp)
	mulSerial(h.Output, h.Weights, h.V)
}

// rows computes block t of rowsPer rows of WeightsMean and of Concat·Wo.
func (j *teamJob) rows(t int) {
	r := j.res
	i0 := t * j.rowsPer
	i1 := min(i0+j.rowsPer, r.shape.n)
	r.meanRows(i0, i1)
	if j.in.Wo == nil {
		return
	}
	p := newProduct(r.out, r.Concat, j.in.Wo)
	simd := cpu.AVX && p.k > 0 && (!hasZero(p.a[i0*p.as:], p.as, i1-i0, p.k) || p.bFinite())
	p.rows(i0, i1, simd)
}

// project sets c (r×c) to a (r×k) times columns col0 … col0+c−1 of w
// (k×·), in one goroutine; aNoZero says that a has no zero entry.
func project(c, a, w *mat.Dense, col0 int, aNoZero bool) {
	cr, ar, wr := c.RawMatrix(), a.RawMatrix(), w.RawMatrix()
	if ar.Cols != wr.Rows || cr.Rows != ar.Rows || col0 < 0 || col0+cr.Cols > wr.Cols {
		panic(mat.ErrShape)
	}
	p := product{
		c: cr.Data, a: ar.Data, b: wr.Data[col0:],
		cs: cr.Stride, as: ar.Stride, bs: wr.Stride,
		r: cr.Rows, k: ar.Cols, cols: cr.Cols,
	}
	if len(p.a) < (p.r-1)*p.as+p.k || len(p.b) < (p.k-1)*p.bs+p.cols || len(p.c) < (p.r-1)*p.cs+p.cols {
		panic("attention: project: matrix storage shorter than its shape")
	}
	p.rows(0, p.r, cpu.AVX && p.k > 0 && (aNoZero || p.bFinite()))
}

// mulSerial is mul in the calling goroutine alone.
func mulSerial(dst, a, b *mat.Dense) {
	p := newProduct(dst, a, b)
	if p.r == 0 || p.cols == 0 {
		return
	}
	p.rows(0, p.r, cpu.AVX && p.k > 0 && p.zerosHarmless())
}

// hasZeroDense reports whether m has an entry equal to zero.
func hasZeroDense(m *mat.Dense) bool {
	raw := m.RawMatrix()
	return hasZero(raw.Data, raw.Stride, raw.Rows, raw.Cols)
}
