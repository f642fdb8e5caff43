<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Addresses</name>
    <message numerus="yes">
        <source>{0} of %n address(es)</source>
        <translation>
            <numerusform>{0} of %n address</numerusform>
            <numerusform>{0} of %n addresses</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n address(es)</source>
        <translation>
            <numerusform>%n address</numerusform>
            <numerusform>%n addresses</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n address(es) loaded from the service.</source>
        <translation>
            <numerusform>%n address loaded from the service.</numerusform>
            <numerusform>%n addresses loaded from the service.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Batch</name>
    <message numerus="yes">
        <source>%n with problems</source>
        <translation>
            <numerusform>%n with problems</numerusform>
            <numerusform>%n with problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ready</source>
        <translation>
            <numerusform>%n ready</numerusform>
            <numerusform>%n ready</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n being created</source>
        <translation>
            <numerusform>%n being created</numerusform>
            <numerusform>%n being created</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n created</source>
        <translation>
            <numerusform>%n created</numerusform>
            <numerusform>%n created</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n canceled</source>
        <translation>
            <numerusform>%n canceled</numerusform>
            <numerusform>%n canceled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of the file are not orders and were left out.</source>
        <translation>
            <numerusform>%n line of the file is not an order and was left out.</numerusform>
            <numerusform>%n lines of the file are not orders and were left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name}: %n order(s)</source>
        <translation>
            <numerusform>{name}: %n order</numerusform>
            <numerusform>{name}: %n orders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Creating %n shipment(s)…</source>
        <translation>
            <numerusform>Creating %n shipment…</numerusform>
            <numerusform>Creating %n shipments…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} of %n created</source>
        <translation>
            <numerusform>{0} of %n created</numerusform>
            <numerusform>{0} of %n created</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>orders {numbers} and %n more</source>
        <extracomment>the orders named beside an id</extracomment>
        <translation>
            <numerusform>orders {numbers} and %n more</numerusform>
            <numerusform>orders {numbers} and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>order(s) {numbers}</source>
        <translation>
            <numerusform>order {numbers}</numerusform>
            <numerusform>orders {numbers}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Closing</name>
    <message numerus="yes">
        <source>%n label(s) waiting to print stay in the print queue and are printed when Packdesk opens this profile again.</source>
        <translation>
            <numerusform>%n label waiting to print stays in the print queue and is printed when Packdesk opens this profile again.</numerusform>
            <numerusform>%n labels waiting to print stay in the print queue and are printed when Packdesk opens this profile again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EndOfDayPage</name>
    <message numerus="yes">
        <source>{name} (%n to hand over)</source>
        <translation>
            <numerusform>{name} (%n to hand over)</numerusform>
            <numerusform>{name} (%n to hand over)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Manifest {number}: %n shipment(s), saved as {file}.</source>
        <translation>
            <numerusform>Manifest {number}: %n shipment, saved as {file}.</numerusform>
            <numerusform>Manifest {number}: %n shipments, saved as {file}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message numerus="yes">
        <source>Too many requests to the shipping service. Please wait %n second(s).</source>
        <translation>
            <numerusform>Too many requests to the shipping service. Please wait %n second.</numerusform>
            <numerusform>Too many requests to the shipping service. Please wait %n seconds.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>History</name>
    <message numerus="yes">
        <source>Showing the newest {0} of %n shipment(s)</source>
        <translation>
            <numerusform>Showing the newest {0} of %n shipment</numerusform>
            <numerusform>Showing the newest {0} of %n shipments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shipment(s)</source>
        <translation>
            <numerusform>%n shipment</numerusform>
            <numerusform>%n shipments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) sent to {name}.</source>
        <translation>
            <numerusform>%n label sent to {name}.</numerusform>
            <numerusform>%n labels sent to {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n shipment(s) on the service?

{names}

Their labels can no longer be used.</source>
        <translation>
            <numerusform>Delete %n shipment on the service?

{names}

Their labels can no longer be used.</numerusform>
            <numerusform>Delete %n shipments on the service?

{names}

Their labels can no longer be used.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n shipment(s).</source>
        <translation>
            <numerusform>Deleted %n shipment.</numerusform>
            <numerusform>Deleted %n shipments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n return label(s) already exist for {who}; the latest is {reference}, created {when}.

A second return label is rarely needed: show the existing one, or create another?</source>
        <translation>
            <numerusform>%n return label already exists for {who}; it is {reference}, created {when}.

A second return label is rarely needed: show the existing one, or create another?</numerusform>
            <numerusform>%n return labels already exist for {who}; the latest is {reference}, created {when}.

A second return label is rarely needed: show the existing one, or create another?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocationFinderWidget</name>
    <message numerus="yes">
        <source>%n location(s) near the receiver: choose one.</source>
        <translation>
            <numerusform>%n location near the receiver: choose it.</numerusform>
            <numerusform>%n locations near the receiver: choose one.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Pickups</name>
    <message numerus="yes">
        <source>Request a {carrier} pickup of %n shipment(s) between {earliest} and {latest}?</source>
        <translation>
            <numerusform>Request a {carrier} pickup of %n shipment between {earliest} and {latest}?</numerusform>
            <numerusform>Request a {carrier} pickup of %n shipments between {earliest} and {latest}?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shipment(s) waiting for pickup with {0}.</source>
        <translation>
            <numerusform>%n shipment waiting for pickup with {0}.</numerusform>
            <numerusform>%n shipments waiting for pickup with {0}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n carrier(s)</source>
        <translation>
            <numerusform>%n carrier</numerusform>
            <numerusform>%n carriers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} pickup requested for %n shipment(s): pickup number {number}.</source>
        <translation>
            <numerusform>{name} pickup requested for %n shipment: pickup number {number}.</numerusform>
            <numerusform>{name} pickup requested for %n shipments: pickup number {number}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Problems</name>
    <message numerus="yes">
        <source>A shipment can have at most %n packages.</source>
        <translation>
            <numerusform>A shipment can have at most %n packages.</numerusform>
            <numerusform>A shipment can have at most %n packages.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Products</name>
    <message numerus="yes">
        <source>%n product(s) imported from {name}.</source>
        <translation>
            <numerusform>%n product imported from {name}.</numerusform>
            <numerusform>%n products imported from {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) without a SKU or with a weight that is no number left out (line {lines}).</source>
        <translation>
            <numerusform>%n row without a SKU or with a weight that is no number left out (line {lines}).</numerusform>
            <numerusform>%n rows without a SKU or with a weight that is no number left out (line {lines}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n without a weight in the file ({skus}): enter it here.</source>
        <translation>
            <numerusform>%n without a weight in the file ({skus}): enter it here.</numerusform>
            <numerusform>%n without a weight in the file ({skus}): enter it here.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The shop&apos;s ids of %n product(s) learned for its order exports.</source>
        <translation>
            <numerusform>The shop&apos;s id of %n product learned for its order exports.</numerusform>
            <numerusform>The shop&apos;s ids of %n products learned for its order exports.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Scan</name>
    <message numerus="yes">
        <source>… and %n more order(s) with problems.</source>
        <translation>
            <numerusform>… and %n more order with problems.</numerusform>
            <numerusform>… and %n more orders with problems.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n order(s) imported; these were not:</source>
        <translation>
            <numerusform>%1: %n order imported; these were not:</numerusform>
            <numerusform>%1: %n orders imported; these were not:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n order(s) imported</source>
        <translation>
            <numerusform>%1: %n order imported</numerusform>
            <numerusform>%1: %n orders imported</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new order(s)</source>
        <translation>
            <numerusform>%n new order</numerusform>
            <numerusform>%n new orders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n orders hold this item</source>
        <translation>
            <numerusform>%n order holds this item</numerusform>
            <numerusform>%n orders hold this item</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scan the items: %n to go (F6 ships without them).</source>
        <translation>
            <numerusform>Scan the items: %n to go (F6 ships without it).</numerusform>
            <numerusform>Scan the items: %n to go (F6 ships without them).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) still missing</source>
        <translation>
            <numerusform>%n item still missing</numerusform>
            <numerusform>%n items still missing</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message numerus="yes">
        <source>CUPS has %n queue(s).</source>
        <translation>
            <numerusform>CUPS has %n queue.</numerusform>
            <numerusform>CUPS has %n queues.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scanning %n address(es)…</source>
        <translation>
            <numerusform>Scanning %n address…</numerusform>
            <numerusform>Scanning %n addresses…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n printer(s) on port {port}.</source>
        <translation>
            <numerusform>Found %n printer on port {port}.</numerusform>
            <numerusform>Found %n printers on port {port}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> copies</source>
        <translation>
            <numerusform> copy</numerusform>
            <numerusform> copies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scale port(s) found</source>
        <translation>
            <numerusform>%n scale port found</numerusform>
            <numerusform>%n scale ports found</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Shipment</name>
    <message numerus="yes">
        <source>%n problem(s) — show</source>
        <translation>
            <numerusform>%n problem — show</numerusform>
            <numerusform>%n problems — show</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} takes up to %n packages in one shipment.</source>
        <translation>
            <numerusform>{name} takes up to %n package in one shipment.</numerusform>
            <numerusform>{name} takes up to %n packages in one shipment.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This carrier takes up to %n packages in one shipment.</source>
        <translation>
            <numerusform>This carrier takes up to %n package in one shipment.</numerusform>
            <numerusform>This carrier takes up to %n packages in one shipment.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n page</numerusform>
            <numerusform>%n pages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ZPL rendered offline (%n label(s))</source>
        <translation>
            <numerusform>ZPL rendered offline (%n label)</numerusform>
            <numerusform>ZPL rendered offline (%n labels)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message numerus="yes">
        <source>Signed out after %n minute(s) without input.</source>
        <translation>
            <numerusform>Signed out after %n minute without input.</numerusform>
            <numerusform>Signed out after %n minutes without input.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Too many wrong sign-ins at this station: try again in %n minute(s).</source>
        <translation>
            <numerusform>Too many wrong sign-ins at this station: try again in %n minute.</numerusform>
            <numerusform>Too many wrong sign-ins at this station: try again in %n minutes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Weights</name>
    <message numerus="yes">
        <source>%n order(s) without a weight:</source>
        <translation>
            <numerusform>%n order without a weight:</numerusform>
            <numerusform>%n orders without a weight:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message numerus="yes">
        <source>%n creation(s) awaiting check</source>
        <translation>
            <numerusform>%n creation awaiting check</numerusform>
            <numerusform>%n creations awaiting check</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message numerus="yes">
        <source>%n job(s) to print</source>
        <translation>
            <numerusform>%n job to print</numerusform>
            <numerusform>%n jobs to print</numerusform>
        </translation>
    </message>
</context>
</TS>
