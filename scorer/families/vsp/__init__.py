"""The VSP family (Visual Spatial Planning), following the VSP paper's appendix A: maze
navigation with its four perception and reasoning sub-tasks (domain ``maze``), and the
car-and-person collision questions (domain ``collision``). VSP's blocks and map-routing
scenarios are not built yet."""
