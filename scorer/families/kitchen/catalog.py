"""What each AI2-THOR object type is in our symbolic world: pickupable or fixed,
receptacle (what it accepts, how many items), openable, toggleable, sliceable, cookable,
fillable, and where it belongs when put away.

Facts follow AsgardBench (its object homes, its classes, its world rules as its prompt
states them: "Items to cook must be in a Pan", "Dishes (Bowl, Plate, Mug) -> Cabinet");
capacities and which receptacle accepts what are ours (AI2-THOR decides them by mesh
sizes, which a symbolic world does not have), chosen so that every task of the paper can
be done.
"""

from __future__ import annotations

FOOD = ("Apple", "Bread", "Egg", "Lettuce", "Potato", "Tomato")
SLICED = {"Apple": "AppleSliced", "Bread": "BreadSliced", "Egg": "EggCracked", "Lettuce": "LettuceSliced",
          "Potato": "PotatoSliced", "Tomato": "TomatoSliced"}  # fmt: skip
SLICE_COUNT = {"Egg": 1}  # pieces a slice makes; 4 for the others (AI2-THOR makes 7-10)
DEFAULT_SLICES = 4
KNIFE_FREE = ("Egg",)  # cracked, not cut: no knife and no countertop needed
KNIVES = ("Knife", "ButterKnife")
SILVERWARE = ("ButterKnife", "Fork", "Knife", "Ladle", "Spatula", "Spoon")
DISHES = ("Bowl", "Cup", "Mug", "Plate")
COOKWARE = ("Kettle", "Pan", "Pot")
SURFACES = ("CounterTop", "DiningTable", "SideTable")  # aliases of each other for PUT (visible ones)
OTHER_SURFACES = (
    "CoffeeTable",
    "Shelf",
    "ShelvingUnit",
    "Floor",
    "Sofa",
    "TVStand",
    "Desk",
    "Dresser",
    "ArmChair",
    "Bed",
)
CLASS_TO_TYPES: dict[str, tuple[str, ...]] = {
    "Silverware": SILVERWARE,
    "Food": FOOD,
    "Dishes": DISHES + ("Pot",),
    "Cookware": COOKWARE,
}

PICKUPABLE = frozenset(
    (*FOOD, *SLICED.values(), *SILVERWARE, *DISHES, *COOKWARE, "DishSponge", "SaltShaker", "PepperShaker",
     "SoapBottle", "Bottle", "WineBottle", "PaperTowelRoll", "Vase", "Statue", "Book", "CreditCard", "CellPhone",
     "KeyChain", "Pen", "Pencil", "Newspaper", "Laptop", "Pillow", "RemoteControl", "Watch", "Box", "Candle",
     "Cloth", "SprayBottle", "SoapBar", "ToiletPaper", "TissueBox", "Plunger", "ScrubBrush", "HandTowel", "Towel",
     "Boots", "WateringCan", "BasketBall", "BaseballBat", "TennisRacket", "TeddyBear", "AlarmClock", "CD",
     "Dumbbell", "AluminumFoil", "GarbageBag", "TableTopDecor", "RoomDecor")
)  # fmt: skip

OPENABLE = frozenset(("Cabinet", "Drawer", "Fridge", "Microwave", "Box", "Laptop", "Safe", "Toilet", "ShowerDoor"))
TOGGLEABLE = frozenset(("CoffeeMachine", "Toaster", "Microwave", "StoveBurner", "StoveKnob", "Faucet", "Television",
                        "LightSwitch", "DeskLamp", "FloorLamp", "Laptop", "CellPhone", "ShowerHead"))  # fmt: skip
COOKABLE = frozenset(("Bread", "BreadSliced", "Egg", "EggCracked", "Potato", "PotatoSliced"))
FILLABLE = frozenset(("Mug", "Cup", "Bowl", "Pot", "Kettle", "Bottle", "WineBottle", "Vase"))
WASHABLE_IN_SINK = frozenset((*DISHES, *COOKWARE, "DishSponge"))  # the faucet runs only with these in the sink
CLEANABLE = frozenset((*DISHES, *COOKWARE, "Mirror", *SILVERWARE))
HEATERS = frozenset(("Microwave", "Toaster", "StoveBurner"))
# Fixtures that stand on a countertop: the agent facing one also faces the counter.
ON_COUNTER = ("CoffeeMachine", "Toaster", "Microwave")
# Fixtures that share the spot of another fixture (the faucet is at the sink).
SHARES_SPOT = {"Faucet": "SinkBasin", "Sink": "SinkBasin", "StoveKnob": "StoveBurner", "Mirror": "CounterTop"}
CLOSED_CONTAINERS_FIND_OPENS = ("Cabinet", "Drawer")  # AsgardBench's FIND opens these, never the Fridge

_SMALL = frozenset(
    (*FOOD, *SLICED.values(), *SILVERWARE, "DishSponge", "SaltShaker", "PepperShaker", "CreditCard", "KeyChain",
     "Pen", "Pencil", "Watch", "CellPhone", "SoapBar", "CD", "RemoteControl", "Candle", "Cloth", "ToiletPaper")
)  # fmt: skip
_CONTAINERS = frozenset((*DISHES, *COOKWARE))
_ANYTHING = PICKUPABLE
ACCEPTS: dict[str, frozenset[str]] = {
    "CoffeeMachine": frozenset(("Mug",)),
    "Toaster": frozenset(("BreadSliced",)),
    "StoveBurner": frozenset(COOKWARE),
    "Pan": frozenset((*FOOD, *SLICED.values())),
    "Pot": frozenset((*FOOD, *SLICED.values())),
    "Plate": frozenset((*FOOD, *SLICED.values(), *SILVERWARE)),
    "Bowl": frozenset((*FOOD, *SLICED.values(), *SILVERWARE)),
    "Microwave": frozenset((*FOOD, *SLICED.values(), "Mug", "Cup", "Bowl", "Plate")),
    "Fridge": frozenset((*FOOD, *SLICED.values(), *_CONTAINERS, "Bottle", "WineBottle")),
    "Cabinet": frozenset(_ANYTHING - frozenset(FOOD) - frozenset(SLICED.values())),
    "Drawer": _SMALL - frozenset(FOOD) - frozenset(SLICED.values()),
    "SinkBasin": _ANYTHING - frozenset(("Laptop", "Pillow", "Boots", "Box", "BasketBall", "BaseballBat")),
    "GarbageCan": frozenset((*FOOD, *SLICED.values(), "PaperTowelRoll", "Newspaper", "TissueBox")),
    **{surface: _ANYTHING for surface in (*SURFACES, *OTHER_SURFACES)},
}
CAPACITY: dict[str, int] = {"CoffeeMachine": 1, "Toaster": 2, "StoveBurner": 1, "Pan": 4, "Pot": 4, "Plate": 4,
                            "Bowl": 4, "Microwave": 2, "Fridge": 10, "Cabinet": 3, "Drawer": 3, "SinkBasin": 4,
                            "GarbageCan": 6}  # fmt: skip
SURFACE_CAPACITY = 12

# AsgardBench's object homes (constants.py): where a put-away item may end up.
PREFERRED_HOMES: dict[str, tuple[str, ...]] = {
    **{food: ("Fridge",) for food in FOOD},
    **{tool: ("Drawer",) for tool in SILVERWARE},
    "Bowl": ("Cabinet",), "Plate": ("Cabinet",), "Mug": ("Cabinet",), "Cup": ("SideTable", "Cabinet"),
    "Pan": ("CounterTop",), "Pot": ("CounterTop",), "Kettle": ("CounterTop",),
    "DishSponge": ("CounterTop", "SideTable", "Cabinet"), "EggCracked": ("Pan",),
}  # fmt: skip
SECONDARY_HOMES: dict[str, tuple[str, ...]] = {
    "Ladle": ("Cabinet",), "Pot": ("DiningTable", "SideTable", "Cabinet"),
    "Pan": ("StoveBurner", "DiningTable", "SideTable"), "Cup": ("DiningTable", "CounterTop"),
}  # fmt: skip
HIDDEN_TYPES = ("PepperShaker", "StoveKnob")  # left out of AVAILABLE OBJECTS, as AsgardBench does


def accepts(receptacle_type: str, item_type: str) -> bool:
    return item_type in ACCEPTS.get(receptacle_type, frozenset())


def capacity(receptacle_type: str) -> int:
    return CAPACITY.get(receptacle_type, SURFACE_CAPACITY)


def is_receptacle(kind: str) -> bool:
    return kind in ACCEPTS


def homes(item_type: str) -> tuple[str, ...]:
    return PREFERRED_HOMES.get(item_type, ()) + SECONDARY_HOMES.get(item_type, ())


def slice_type(kind: str) -> str | None:
    return SLICED.get(kind)


def slice_count(kind: str) -> int:
    return SLICE_COUNT.get(kind, DEFAULT_SLICES)


def is_sliced_type(kind: str) -> bool:
    return kind in SLICED.values()


SLICED_TO_WHOLE = {piece: whole for whole, piece in SLICED.items()}
