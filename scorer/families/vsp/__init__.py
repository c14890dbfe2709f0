"""The VSP family (Visual Spatial Planning), following the VSP paper's appendix A: maze
navigation with its four perception and reasoning sub-tasks (domain ``maze``), the
car-and-person collision questions (domain ``collision``) and routing on a street grid
drawn by us (domain ``streetmap``). VSP's blocks scenario is not built yet."""
