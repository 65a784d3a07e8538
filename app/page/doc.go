// Package page is the visualizer's page: the go-app route, the component
// that holds the state and the computation, the registry of views
// (registry.go), the link in the address bar, the hooks of the end-to-end
// tests (window.attnviz) and the pre-rendered first picture.
package page
