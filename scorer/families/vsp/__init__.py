"""The VSP family (Visual Spatial Planning): maze navigation and its four perception and
reasoning sub-tasks, following the VSP paper's appendix A."""
