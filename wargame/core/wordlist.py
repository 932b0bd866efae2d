"""Words for generated passphrases (sea and tavern words: about 8 bits each)."""

from __future__ import annotations

WORDS: tuple[str, ...] = tuple(
    """
    anchor anvil apple arrow ash aster badge bale bamboo banner barge barrel basket
    beacon beard bell bellows birch biscuit blade blanket bluff boar bolt bonnet
    boot bosun bottle bow bramble brass bread breeze brick bridge brine broom bucket
    buckle bugle cabin cable cactus candle cannon canvas cape captain cargo carpet
    castle cedar chain chalk chapel cheese cherry chest chisel cider cinder clam
    cliff cloak clock cloud clover coal coast cobble coconut compass copper coral
    cork cotton cove crab crane crate crew crow crown cutlass dagger daisy dawn deck
    delta dew dinghy doubloon dove drum dune eagle ebony eel ember emerald falcon
    feather fern ferry fiddle fig flag flint flute fog forge fox frigate galleon
    garnet gecko ginger glass goat gold gourd granite grape gravel gull hammer
    harbor hatch hawk hazel helm heron hinge honey hook horn hull iron island ivory
    jacket jade jetty jewel juniper kelp kettle key kite knot lagoon lamp lantern
    lark lattice lemon lime linen lion lobster lodge log lotus mango map maple
    marble marlin mast meadow melon mermaid mill mint mist molasses moon moss mule
    musket nail net nutmeg oak oar ocean olive onyx orchid otter owl oyster paddle
    parrot pearl pebble pelican pepper pewter pier pine pistol plank plum pony port
    powder prow pulley quill rain raven reef ribbon ridge rigging river robin rope
    rose rudder rum saber saddle sail salt sand sapphire satchel scale schooner
    seal shark shell shovel silver skiff slate sloop smoke spice spray spruce squid
    star stone storm sugar sun swan sword tar tavern thistle thunder tide tiger
    timber torch tower trout trunk tulip turtle velvet vine violet walrus wave
    whale wheel willow wind wolf wren yarn
    """.split()
)
