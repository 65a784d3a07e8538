// Package reference looks after testdata/reference, the reference cases of
// the attention contract. It has no code: generate.py recomputes the cases
// (NumPy, checked with PyTorch), and the package's test keeps the folder
// identical to ../shared/reference, of which it is a copy. See
// testdata/README.md.
package reference
