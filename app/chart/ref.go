package chart

// Ref points at a mounted component. A parent hands the component a *Ref in
// a field; the component sets it when mounted and clears it when dismounted.
// The parent cannot keep the pointer its Render makes: go-app keeps the
// instance it mounted first and copies the fields of each later render into
// it.
type Ref[T any] struct{ to *T }

// set records c as mounted.
func (r *Ref[T]) set(c *T) {
	if r != nil {
		r.to = c
	}
}

// clear forgets c, if r still points at it.
func (r *Ref[T]) clear(c *T) {
	if r != nil && r.to == c {
		r.to = nil
	}
}

// Get returns the mounted component, or nil.
func (r *Ref[T]) Get() *T {
	if r == nil {
		return nil
	}
	return r.to
}

// Cell names one cell of a heatmap: row I, column J, both 0-based. The zero
// Cell names none. (state.CellRef converts to it.)
type Cell struct {
	I, J int
	On   bool
}
