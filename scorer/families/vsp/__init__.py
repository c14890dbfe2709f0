"""The VSP family (Visual Spatial Planning), following the VSP paper's appendix A: maze
navigation with its four perception and reasoning sub-tasks (domain ``maze``), the
blocks world on a table with its four sub-tasks (domain ``blocks-table``), the
car-and-person collision questions (domain ``collision``) and routing on a street grid
drawn by us (domain ``streetmap``)."""
