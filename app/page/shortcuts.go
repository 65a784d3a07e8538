package page

// viewIDs lists the ids of the views in the tabs' order, for the shortcuts
// v and V (views.Shortcuts).
func viewIDs() []string {
	ids := make([]string, len(registry))
	for i, v := range registry {
		ids[i] = v.ID
	}
	return ids
}
