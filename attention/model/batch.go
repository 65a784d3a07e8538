package model

// Batch returns the sequences of the last step's batch, in the order Step
// drew them, or nil before the first step. The slice is reused by the next
// Step: copy what you keep, and do not change it. cmd/bench hands the
// batches to a PyTorch peer that trains the same model on them.
func (tr *Trainer) Batch() []Example { return tr.batch }
