<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Accessibility</name>
    <message>
        <source>Columns: %1</source>
        <translation>Spalten: %1</translation>
    </message>
    <message>
        <source>In %1</source>
        <translation>In %1</translation>
    </message>
</context>
<context>
    <name>Addresses</name>
    <message>
        <source>(no name)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <source>Search the address book…</source>
        <translation>Im Adressbuch suchen …</translation>
    </message>
    <message>
        <source>Name / company</source>
        <extracomment>the book changed (synced, added): pickers reload &quot;Use as receiver&quot;: the address (wire fields; partner lookups as {&quot;partner_id&quot;: ...}) &quot;Use as sender&quot;</extracomment>
        <translation>Name / Firma</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Straße</translation>
    </message>
    <message>
        <source>Postcode / city</source>
        <translation>PLZ / Ort</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Land</translation>
    </message>
    <message>
        <source>Default sender</source>
        <translation>Standard-Absender</translation>
    </message>
    <message>
        <source>Search name, street, town, postcode…</source>
        <translation>Name, Straße, Ort, PLZ suchen …</translation>
    </message>
    <message>
        <source>Refresh from service</source>
        <translation>Vom Server aktualisieren</translation>
    </message>
    <message>
        <source>Set as default sender</source>
        <translation>Als Standard-Absender festlegen</translation>
    </message>
    <message>
        <source>Use as receiver</source>
        <translation>Als Empfänger verwenden</translation>
    </message>
    <message>
        <source>Use as sender</source>
        <translation>Als Absender verwenden</translation>
    </message>
    <message>
        <source>Save to address book</source>
        <translation>Im Adressbuch speichern</translation>
    </message>
    <message>
        <source>New address</source>
        <translation>Neue Adresse</translation>
    </message>
    <message>
        <source>Partner id, e.g. 1A2B3C4</source>
        <translation>Partner-ID, z. B. 1A2B3C4</translation>
    </message>
    <message>
        <source>Look up</source>
        <translation>Nachschlagen</translation>
    </message>
    <message>
        <source>Enter a partner id to see the address it delivers to.</source>
        <translation>Partner-ID eingeben, um die Lieferadresse zu sehen.</translation>
    </message>
    <message>
        <source>Deliver to this parcel point</source>
        <translation>An diese Paketstation liefern</translation>
    </message>
    <message>
        <source>Workplace parcel point</source>
        <translation>Paketstation am Arbeitsplatz</translation>
    </message>
    <message numerus="yes">
        <source>{0} of %n address(es)</source>
        <translation>
            <numerusform>{0} von %n Adresse</numerusform>
            <numerusform>{0} von %n Adressen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n address(es)</source>
        <translation>
            <numerusform>%n Adresse</numerusform>
            <numerusform>%n Adressen</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to the service yet.</source>
        <translation>Noch nicht mit dem Versandserver verbunden.</translation>
    </message>
    <message>
        <source>Could not load the addresses: {0}</source>
        <extracomment>the book changed (profile switched, synced, added, edited, removed): pickers reload the rows shown may differ (another default sender) another profile&apos;s book is shown: search, lookup and messages start over the typed address&apos;s problems in words (&quot;&quot; once they are gone) the address a parcel-point lookup resolved (None: none yet) the stored address being edited (None: the form makes a new address)</extracomment>
        <translation>Die Adressen konnten nicht geladen werden: {0}</translation>
    </message>
    <message numerus="yes">
        <source>%n address(es) loaded from the service.</source>
        <translation>
            <numerusform>%n Adresse vom Server geladen.</numerusform>
            <numerusform>%n Adressen vom Server geladen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The service refused the address: {0}</source>
        <translation>Der Server hat die Adresse abgelehnt: {0}</translation>
    </message>
    <message>
        <source>Saved: {0}</source>
        <translation>Gespeichert: {0}</translation>
    </message>
    <message>
        <source>Looking up…</source>
        <translation>Wird nachgeschlagen …</translation>
    </message>
    <message>
        <source>Not found: {0}</source>
        <translation>Nicht gefunden: {0}</translation>
    </message>
    <message>
        <source>Delivers to:
{0}</source>
        <translation>Liefert an:
{0}</translation>
    </message>
    <message>
        <source>{0} is now the sender.</source>
        <translation>{0} ist jetzt der Absender.</translation>
    </message>
    <message>
        <source>{0} is now the receiver.</source>
        <translation>{0} ist jetzt der Empfänger.</translation>
    </message>
    <message>
        <source>Cannot be the sender: {exc}</source>
        <translation>Kann nicht Absender sein: {exc}</translation>
    </message>
    <message>
        <source>Could not save the profile: {exc}</source>
        <translation>Das Profil konnte nicht gespeichert werden: {exc}</translation>
    </message>
    <message>
        <source>Default sender of {name}: {0}</source>
        <translation>Standard-Absender von {name}: {0}</translation>
    </message>
    <message>
        <source>Find the sender in the address book…</source>
        <translation>Absender im Adressbuch suchen …</translation>
    </message>
    <message>
        <source>Find the receiver in the address book…</source>
        <translation>Empfänger im Adressbuch suchen …</translation>
    </message>
    <message>
        <source>Delete {name} from the address book?

The shipping service keeps stored addresses (it cannot delete them); Packdesk no longer shows this one in this profile.</source>
        <translation>{name} aus dem Adressbuch löschen?

Der Versandserver behält gespeicherte Adressen (er kann sie nicht löschen); Packdesk zeigt diese in diesem Profil nicht mehr an.</translation>
    </message>
    <message>
        <source>It is the default sender: the profile then has no default sender.</source>
        <translation>Sie ist der Standard-Absender: Das Profil hat dann keinen Standard-Absender mehr.</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten …</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen …</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Bearbeiten abbrechen</translation>
    </message>
    <message>
        <source>Edit {name}</source>
        <translation>{name} bearbeiten</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Änderungen speichern</translation>
    </message>
    <message>
        <source>Changed: {0}</source>
        <translation>Geändert: {0}</translation>
    </message>
    <message>
        <source>Delete address</source>
        <translation>Adresse löschen</translation>
    </message>
    <message>
        <source>Deleted from the address book: {name}</source>
        <translation>Aus dem Adressbuch gelöscht: {name}</translation>
    </message>
</context>
<context>
    <name>Batch</name>
    <message>
        <source>Has problems</source>
        <translation>Fehlerhaft</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Creating…</source>
        <translation>Wird erstellt …</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Canceled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>%n with problems</source>
        <translation>
            <numerusform>%n fehlerhaft</numerusform>
            <numerusform>%n fehlerhaft</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ready</source>
        <translation>
            <numerusform>%n bereit</numerusform>
            <numerusform>%n bereit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n being created</source>
        <translation>
            <numerusform>%n wird erstellt</numerusform>
            <numerusform>%n werden erstellt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n created</source>
        <translation>
            <numerusform>%n erstellt</numerusform>
            <numerusform>%n erstellt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n fehlgeschlagen</numerusform>
            <numerusform>%n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n canceled</source>
        <translation>
            <numerusform>%n abgebrochen</numerusform>
            <numerusform>%n abgebrochen</numerusform>
        </translation>
    </message>
    <message>
        <source>Sender: the sample sender (test data)</source>
        <translation>Absender: der Beispiel-Absender (Testdaten)</translation>
    </message>
    <message>
        <source>Sender: the profile&apos;s default sender</source>
        <translation>Absender: der Standard-Absender des Profils</translation>
    </message>
    <message>
        <source>Carrier, service and parcel: shipping preset “{name}”</source>
        <translation>Versanddienstleister, Service und Paket: Versandvorgabe „{name}“</translation>
    </message>
    <message>
        <source>Parcel size: from the product catalogue</source>
        <translation>Paketmaße: aus dem Produktkatalog</translation>
    </message>
    <message>
        <source>Carrier and service: the profile&apos;s defaults</source>
        <translation>Versanddienstleister und Service: Vorgaben des Profils</translation>
    </message>
    <message>
        <source>Receiver full name (split into first and last name)</source>
        <translation>Empfänger, ganzer Name (wird in Vor- und Nachname geteilt)</translation>
    </message>
    <message>
        <source>Receiver first name</source>
        <translation>Empfänger, Vorname</translation>
    </message>
    <message>
        <source>Receiver last name</source>
        <translation>Empfänger, Nachname</translation>
    </message>
    <message>
        <source>Receiver company</source>
        <translation>Empfänger, Firma</translation>
    </message>
    <message>
        <source>Receiver care of / address line 2</source>
        <translation>Empfänger, Adresszusatz</translation>
    </message>
    <message>
        <source>Receiver street (with the number if no number column)</source>
        <translation>Empfänger, Straße (mit Hausnummer, wenn es keine eigene Spalte gibt)</translation>
    </message>
    <message>
        <source>Receiver house number</source>
        <translation>Empfänger, Hausnummer</translation>
    </message>
    <message>
        <source>Receiver postcode</source>
        <translation>Empfänger, PLZ</translation>
    </message>
    <message>
        <source>Receiver city</source>
        <translation>Empfänger, Ort</translation>
    </message>
    <message>
        <source>Receiver state</source>
        <translation>Empfänger, Bundesland</translation>
    </message>
    <message>
        <source>Receiver country (code or name)</source>
        <translation>Empfänger, Land (Kürzel oder Name)</translation>
    </message>
    <message>
        <source>Receiver e-mail</source>
        <translation>Empfänger, E-Mail</translation>
    </message>
    <message>
        <source>Receiver phone</source>
        <translation>Empfänger, Telefon</translation>
    </message>
    <message>
        <source>Sender company</source>
        <translation>Absender, Firma</translation>
    </message>
    <message>
        <source>Sender first name</source>
        <translation>Absender, Vorname</translation>
    </message>
    <message>
        <source>Sender last name</source>
        <translation>Absender, Nachname</translation>
    </message>
    <message>
        <source>Sender street (with the number if no number column)</source>
        <translation>Absender, Straße (mit Hausnummer, wenn es keine eigene Spalte gibt)</translation>
    </message>
    <message>
        <source>Sender house number</source>
        <translation>Absender, Hausnummer</translation>
    </message>
    <message>
        <source>Sender postcode</source>
        <translation>Absender, PLZ</translation>
    </message>
    <message>
        <source>Sender city</source>
        <translation>Absender, Ort</translation>
    </message>
    <message>
        <source>Sender country (code or name)</source>
        <translation>Absender, Land (Kürzel oder Name)</translation>
    </message>
    <message>
        <source>Sender phone</source>
        <translation>Absender, Telefon</translation>
    </message>
    <message>
        <source>Length (cm)</source>
        <translation>Länge (cm)</translation>
    </message>
    <message>
        <source>Width (cm)</source>
        <translation>Breite (cm)</translation>
    </message>
    <message>
        <source>Height (cm)</source>
        <translation>Höhe (cm)</translation>
    </message>
    <message>
        <source>Package type</source>
        <translation>Paketart</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Paketdienst</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Versandart</translation>
    </message>
    <message>
        <source>Order / reference number</source>
        <translation>Bestell- / Referenznummer</translation>
    </message>
    <message>
        <source>Parcel-point partner&apos;s order number</source>
        <translation>Bestellnummer für den Paketstation-Partner</translation>
    </message>
    <message>
        <source>An earlier attempt is still open; the next run settles it first.</source>
        <translation>Ein früherer Versuch ist noch offen; der nächste Lauf klärt ihn zuerst.</translation>
    </message>
    <message>
        <source>Created, but the label could not be downloaded.</source>
        <translation>Angelegt, aber das Etikett konnte nicht heruntergeladen werden.</translation>
    </message>
    <message>
        <source>Outcome unknown: a retry or the next run checks it first.</source>
        <translation>Ergebnis unbekannt: Ein neuer Versuch oder der nächste Lauf prüft das zuerst.</translation>
    </message>
    <message>
        <source>Created by an earlier run.</source>
        <translation>Von einem früheren Lauf angelegt.</translation>
    </message>
    <message>
        <source>Completed an interrupted attempt.</source>
        <translation>Einen unterbrochenen Versuch abgeschlossen.</translation>
    </message>
    <message>
        <source>Label not queued: {0}</source>
        <translation>Etikett nicht in die Druckwarteschlange gestellt: {0}</translation>
    </message>
    <message>
        <source>Carrier for rows whose file has no carrier column; by shipping preset: the profile&apos;s presets choose by country and weight</source>
        <translation>Paketdienst für Zeilen ohne Paketdienst-Spalte; „Nach Versandvorlage“: die Vorlagen des Profils wählen nach Land und Gewicht</translation>
    </message>
    <message>
        <source>Shipment description</source>
        <translation>Sendungsbeschreibung</translation>
    </message>
    <message>
        <source>Notification e-mail</source>
        <translation>E-Mail für Benachrichtigungen</translation>
    </message>
    <message>
        <source>Shop name</source>
        <translation>Shopname</translation>
    </message>
    <message>
        <source>Parcel-point partner&apos;s order date (YYYY-MM-DD)</source>
        <translation>Bestelldatum des Paketshop-Partners (JJJJ-MM-TT)</translation>
    </message>
    <message>
        <source>Order date</source>
        <translation>Bestelldatum</translation>
    </message>
    <message>
        <source>— not used —</source>
        <translation>— nicht verwendet —</translation>
    </message>
    <message>
        <source>(fixed value)</source>
        <translation>(fester Wert)</translation>
    </message>
    <message>
        <source>Status</source>
        <extracomment>while a batch runs, row changes are gathered this long before the table and the progress bar repaint: 8 creations at once report several changes a row, and a repaint per change (QProgressBar.setValue repaints at once) kept the event loop busy a row was edited or changed status (its index) the rows changed through `refresh_later` were repainted</extracomment>
        <translation>Status</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Result</source>
        <extracomment>the column of the order&apos;s weight (typed in place)</extracomment>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Shipment field</source>
        <translation>Sendungsfeld</translation>
    </message>
    <message>
        <source>Column of the file</source>
        <translation>Spalte der Datei</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Open orders file…</source>
        <translation>Bestelldatei öffnen …</translation>
    </message>
    <message>
        <source>CSV or Excel (XLSX) with one order per row.</source>
        <translation>CSV oder Excel (XLSX) mit einer Bestellung pro Zeile.</translation>
    </message>
    <message>
        <source>Apply mapping</source>
        <translation>Zuordnung anwenden</translation>
    </message>
    <message>
        <source>Columns → shipment fields (remembered for this file layout)</source>
        <translation>Spalten → Sendungsfelder (für diesen Dateiaufbau gemerkt)</translation>
    </message>
    <message>
        <source>Print labels (in file order)</source>
        <translation>Etiketten drucken (in Dateireihenfolge)</translation>
    </message>
    <message>
        <source>Create all</source>
        <translation>Alle erstellen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>Fehlgeschlagene wiederholen</translation>
    </message>
    <message>
        <source>Export results…</source>
        <translation>Ergebnisse exportieren …</translation>
    </message>
    <message>
        <source>Carrier if none in the file</source>
        <translation>Paketdienst, falls nicht in der Datei</translation>
    </message>
    <message>
        <source>Changed: apply the mapping to check the rows again.</source>
        <translation>Geändert: Zuordnung anwenden, um die Zeilen erneut zu prüfen.</translation>
    </message>
    <message>
        <source>By shipping preset</source>
        <extracomment>a file was loaded (its path) a run ended (summary dict of the batch core) a run started (True) or ended (False) counts, actions or progress may have changed the runner reported a row (its index) the mapping note changed (its text) the carrier for rows whose file has none (None: by the profile&apos;s shipping presets) print the labels of a run (when the profile has a printer)</extracomment>
        <translation>Nach Versandvorlage</translation>
    </message>
    <message>
        <source>Assign a printer to this profile in Settings</source>
        <translation>Diesem Profil unter Einstellungen einen Drucker zuweisen</translation>
    </message>
    <message>
        <source>Open orders</source>
        <extracomment>a file was loaded (its path) a run ended (summary dict of the batch core)</extracomment>
        <translation>Bestellungen öffnen</translation>
    </message>
    <message>
        <source>Orders (*.csv *.txt *.xlsx *.xlsm);;All files (*)</source>
        <translation>Bestellungen (*.csv *.txt *.xlsx *.xlsm);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Wait for the running batch to finish.</source>
        <translation>Bitte warten, bis der laufende Stapel fertig ist.</translation>
    </message>
    <message>
        <source>Could not read {name}: {exc}</source>
        <translation>{name} konnte nicht gelesen werden: {exc}</translation>
    </message>
    <message>
        <source>The mapping remembered for this file layout is used.</source>
        <translation>Die für diesen Dateiaufbau gemerkte Zuordnung wird verwendet.</translation>
    </message>
    <message>
        <source>Recognised: {platform}. Mapped without a question.</source>
        <translation>Erkannt: {platform}. Ohne Rückfrage zugeordnet.</translation>
    </message>
    <message>
        <source>Mapping guessed from the column names: check it and apply it.</source>
        <translation>Zuordnung aus den Spaltennamen erraten: bitte prüfen und anwenden.</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of the file are not orders and were left out.</source>
        <translation>
            <numerusform>%n Zeile der Datei ist keine Bestellung und wurde ausgelassen.</numerusform>
            <numerusform>%n Zeilen der Datei sind keine Bestellungen und wurden ausgelassen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name}: %n order(s)</source>
        <translation>
            <numerusform>{name}: %n Bestellung</numerusform>
            <numerusform>{name}: %n Bestellungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Applied and remembered for files with these columns.</source>
        <translation>Angewendet und für Dateien mit diesen Spalten gemerkt.</translation>
    </message>
    <message>
        <source>Applied (not remembered: {exc}).</source>
        <translation>Angewendet (nicht gemerkt: {exc}).</translation>
    </message>
    <message>
        <source>Create all ({ready})</source>
        <extracomment>the widest number &quot;Create all&quot; is sized for (so its width never changes with the count)</extracomment>
        <translation>Alle erstellen ({ready})</translation>
    </message>
    <message>
        <source>Not connected to the service yet.</source>
        <translation>Noch nicht mit dem Versandserver verbunden.</translation>
    </message>
    <message numerus="yes">
        <source>Creating %n shipment(s)…</source>
        <translation>
            <numerusform>%n Sendung wird erstellt …</numerusform>
            <numerusform>%n Sendungen werden erstellt …</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} of %n created</source>
        <translation>
            <numerusform>{0} von %n erstellt</numerusform>
            <numerusform>{0} von %n erstellt</numerusform>
        </translation>
    </message>
    <message>
        <source>{0}.</source>
        <translation>{0}.</translation>
    </message>
    <message>
        <source>No default sender: the Local sandbox&apos;s sample sender is used for every order (test data). Set the default sender to use yours.</source>
        <translation>Kein Standard-Absender: Für jede Bestellung wird der Beispiel-Absender der lokalen Sandbox verwendet (Testdaten). Legen Sie den Standard-Absender fest, um Ihren zu verwenden.</translation>
    </message>
    <message>
        <source>Canceling: rows already sent finish, the others wait.</source>
        <translation>Abbruch: bereits gesendete Zeilen werden fertig, die anderen warten.</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>Ergebnisse exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Could not write {path}: {exc}</source>
        <translation>{path} konnte nicht geschrieben werden: {exc}</translation>
    </message>
    <message>
        <source>Results written to {written}.</source>
        <translation>Ergebnisse gespeichert in {written}.</translation>
    </message>
    <message>
        <source>This profile has no default sender: rows with an empty sender column cannot be created. Set the default sender to use it for them.</source>
        <translation>Dieses Profil hat keinen Standard-Absender: Zeilen mit leerer Absender-Spalte können nicht erstellt werden. Legen Sie den Standard-Absender fest, damit er für sie verwendet wird.</translation>
    </message>
    <message>
        <source>This profile has no default sender, so no row can be created yet: every shipment needs the sender&apos;s address. Set the default sender, or map the file&apos;s sender columns (Sender …) below.</source>
        <translation>Dieses Profil hat keinen Standard-Absender, daher kann noch keine Zeile erstellt werden: Jede Sendung braucht die Adresse des Absenders. Legen Sie den Standard-Absender fest oder ordnen Sie unten die Absender-Spalten der Datei zu (Sender …).</translation>
    </message>
    <message>
        <source>Set default sender…</source>
        <extracomment>the button was pressed</extracomment>
        <translation>Standard-Absender festlegen …</translation>
    </message>
    <message>
        <source>Default sender of {name}</source>
        <translation>Standard-Absender von {name}</translation>
    </message>
    <message>
        <source>Every shipment of this profile starts from this sender.</source>
        <translation>Jede Sendung dieses Profils beginnt mit diesem Absender.</translation>
    </message>
    <message>
        <source>Could not save the profile: {exc}</source>
        <translation>Das Profil konnte nicht gespeichert werden: {exc}</translation>
    </message>
    <message numerus="yes">
        <source>orders {numbers} and %n more</source>
        <extracomment>the orders named beside an id</extracomment>
        <translation>
            <numerusform>Bestellungen {numbers} und %n weitere</numerusform>
            <numerusform>Bestellungen {numbers} und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>order(s) {numbers}</source>
        <translation>
            <numerusform>Bestellung {numbers}</numerusform>
            <numerusform>Bestellungen {numbers}</numerusform>
        </translation>
    </message>
    <message>
        <source>Shop ids in this file</source>
        <translation>Shop-IDs in dieser Datei</translation>
    </message>
    <message>
        <source>This export names countries and products by the shop&apos;s internal ids. Say once what each id is: the profile remembers it for every file of this shop.</source>
        <translation>Dieser Export nennt Länder und Artikel nur mit den internen IDs des Shops. Geben Sie einmal an, wofür jede ID steht: Das Profil merkt es sich für jede weitere Datei dieses Shops.</translation>
    </message>
    <message>
        <source>Countries (name or code)</source>
        <translation>Länder (Name oder Code)</translation>
    </message>
    <message>
        <source>Products (SKU)</source>
        <translation>Artikel (SKU)</translation>
    </message>
    <message>
        <source>Weight: {source}</source>
        <translation>Gewicht: {source}</translation>
    </message>
    <message>
        <source>Weight of one item (× its quantity)</source>
        <translation>Gewicht eines Artikels (× Menge)</translation>
    </message>
    <message>
        <source>Total weight of the line or order</source>
        <translation>Gesamtgewicht der Zeile oder Bestellung</translation>
    </message>
    <message>
        <source>Weight unit (g, kg, lb, oz)</source>
        <translation>Gewichtseinheit (g, kg, lb, oz)</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
</context>
<context>
    <name>BatchPage</name>
    <message>
        <source>Import as orders</source>
        <translation>Als Bestellungen importieren</translation>
    </message>
    <message>
        <source>Store the file&apos;s orders on the service (one order per order number, a line item per row) instead of creating shipments; orders already there are skipped</source>
        <translation>Die Bestellungen der Datei auf dem Server speichern (eine Bestellung pro Bestellnummer, eine Position pro Zeile), statt Sendungen zu erstellen; vorhandene Bestellungen werden übersprungen</translation>
    </message>
    <message>
        <source>Orders: {stored} stored, {skipped} already on the service, {invalid} with problems, {refused} refused.</source>
        <translation>Bestellungen: {stored} gespeichert, {skipped} bereits auf dem Server, {invalid} fehlerhaft, {refused} abgelehnt.</translation>
    </message>
    <message>
        <source>Order {number} (line {lines}): {problem}</source>
        <translation>Bestellung {number} (Zeile {lines}): {problem}</translation>
    </message>
    <message>
        <source>Order {number}: {error}</source>
        <translation>Bestellung {number}: {error}</translation>
    </message>
</context>
<context>
    <name>Closing</name>
    <message>
        <source>The label being created is finished and stored first, then Packdesk closes.</source>
        <extracomment>job states that are still to be printed (see desktop_app.printing.queue)</extracomment>
        <translation>Das Etikett, das gerade erstellt wird, wird zuerst fertiggestellt und gespeichert, dann schließt Packdesk.</translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) waiting to print stay in the print queue and are printed when Packdesk opens this profile again.</source>
        <translation>
            <numerusform>%n Etikett, das noch gedruckt werden soll, bleibt in der Druckwarteschlange und wird gedruckt, wenn Packdesk dieses Profil wieder öffnet.</numerusform>
            <numerusform>%n Etiketten, die noch gedruckt werden sollen, bleiben in der Druckwarteschlange und werden gedruckt, wenn Packdesk dieses Profil wieder öffnet.</numerusform>
        </translation>
    </message>
    <message>
        <source>A label is being created.</source>
        <translation>Ein Etikett wird gerade erstellt.</translation>
    </message>
    <message>
        <source>Finish, then close</source>
        <translation>Fertigstellen, dann schließen</translation>
    </message>
    <message>
        <source>Labels are waiting to print.</source>
        <translation>Etiketten warten auf den Druck.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Nothing is being created or printed any more.</source>
        <translation>Es wird nichts mehr erstellt oder gedruckt.</translation>
    </message>
</context>
<context>
    <name>Customs</name>
    <message>
        <source>Sale of goods</source>
        <translation>Verkauf von Waren</translation>
    </message>
    <message>
        <source>Commercial sample</source>
        <translation>Warenmuster</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>Gift</source>
        <translation>Geschenk</translation>
    </message>
    <message>
        <source>Returned goods</source>
        <translation>Rücksendung</translation>
    </message>
    <message>
        <source>Item (what it is, made of)</source>
        <translation>Artikel (was, woraus)</translation>
    </message>
    <message>
        <source>HS code</source>
        <translation>HS-Code</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Ursprung</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>Anz.</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Net kg</source>
        <translation>Netto kg</translation>
    </message>
    <message>
        <source>Customs declaration</source>
        <extracomment>what `_build` makes: asked for before it ran, they are made then (see `__getattr__`)</extracomment>
        <translation>Zollinhaltserklärung</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Währung</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>Erläuterung</translation>
    </message>
    <message>
        <source>Seller&apos;s customs number</source>
        <translation>Zollnummer des Verkäufers</translation>
    </message>
    <message>
        <source>MRN (export)</source>
        <translation>MRN (Ausfuhr)</translation>
    </message>
    <message>
        <source>Add item</source>
        <translation>Artikel hinzufügen</translation>
    </message>
    <message>
        <source>Total of the items: {total} {currency}</source>
        <translation>Summe der Artikel: {total} {currency}</translation>
    </message>
    <message>
        <source>CN 23</source>
        <translation>CN 23</translation>
    </message>
    <message>
        <source>CN 22</source>
        <translation>CN 22</translation>
    </message>
    <message>
        <source>commercial invoice</source>
        <translation>Handelsrechnung</translation>
    </message>
    <message>
        <source>customs papers</source>
        <translation>Zollpapiere</translation>
    </message>
    <message>
        <source>Customs papers ({documents}) saved, not printed: no A4 printer is set (Settings › Station).</source>
        <translation>Zollpapiere ({documents}) gespeichert, nicht gedruckt: kein A4-Drucker eingestellt (Einstellungen › Station).</translation>
    </message>
    <message>
        <source>Customs papers ({documents}) are printing on {printer}.</source>
        <translation>Die Zollpapiere ({documents}) werden auf {printer} gedruckt.</translation>
    </message>
    <message>
        <source>CN 22 on the label</source>
        <translation>CN 22 auf dem Etikett</translation>
    </message>
    <message>
        <source>no papers</source>
        <translation>keine Papiere</translation>
    </message>
    <message>
        <source>Printed for customs: {documents}</source>
        <translation>Für den Zoll gedruckt: {documents}</translation>
    </message>
</context>
<context>
    <name>EndOfDayPage</name>
    <message>
        <source>Create manifest</source>
        <translation>Übergabeliste erstellen</translation>
    </message>
    <message>
        <source>Hand over the carrier&apos;s listed shipments not yet on a manifest: the service makes the handover list (with a barcode per shipment) for the driver to sign</source>
        <translation>Die aufgeführten Sendungen des Paketdienstes übergeben, die noch auf keiner Übergabeliste stehen: der Server erstellt die Liste (mit einem Barcode pro Sendung) zum Unterschreiben durch den Fahrer</translation>
    </message>
    <message>
        <source>Print manifest</source>
        <translation>Übergabeliste drucken</translation>
    </message>
    <message>
        <source>Hand over: manifest</source>
        <translation>Übergabe an den Fahrer</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Paketdienst</translation>
    </message>
    <message>
        <source>on manifest {0}</source>
        <translation>auf Übergabeliste {0}</translation>
    </message>
    <message numerus="yes">
        <source>{name} (%n to hand over)</source>
        <translation>
            <numerusform>{name} (%n zu übergeben)</numerusform>
            <numerusform>{name} (%n zu übergeben)</numerusform>
        </translation>
    </message>
    <message>
        <source>The manifest was not created: {0}</source>
        <translation>Die Übergabeliste wurde nicht erstellt: {0}</translation>
    </message>
    <message numerus="yes">
        <source>Manifest {number}: %n shipment(s), saved as {file}.</source>
        <translation>
            <numerusform>Übergabeliste {number}: %n Sendung, gespeichert als {file}.</numerusform>
            <numerusform>Übergabeliste {number}: %n Sendungen, gespeichert als {file}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Manifest {number} created: print it for the driver to sign.</source>
        <translation>Übergabeliste {number} erstellt: bitte drucken und vom Fahrer unterschreiben lassen.</translation>
    </message>
    <message>
        <source>No printer is assigned to this profile: the manifest is at {0}.</source>
        <translation>Diesem Profil ist kein Drucker zugewiesen: die Übergabeliste liegt unter {0}.</translation>
    </message>
    <message>
        <source>Manifest {0} sent to {1}.</source>
        <translation>Übergabeliste {0} an {1} gesendet.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The shipping service could not complete the request (HTTP status {0}).</source>
        <translation>Der Versandserver konnte die Anfrage nicht ausführen (HTTP-Status {0}).</translation>
    </message>
    <message>
        <source>The shipping service could not complete the request.</source>
        <translation>Der Versandserver konnte die Anfrage nicht ausführen.</translation>
    </message>
    <message>
        <source>The shipping service cannot be reached. Check the internet connection and try again.</source>
        <translation>Der Versandserver ist nicht erreichbar. Bitte die Internetverbindung prüfen und es erneut versuchen.</translation>
    </message>
    <message>
        <source>The shipping service&apos;s certificate is not trusted, so nothing was sent. Check the service address in the profile.</source>
        <translation>Dem Zertifikat des Versandservers wird nicht vertraut, daher wurde nichts gesendet. Bitte die Adresse des Versandservers im Profil prüfen.</translation>
    </message>
    <message>
        <source>You were signed out before the shipping service answered.</source>
        <translation>Sie wurden abgemeldet, bevor der Versandserver antwortete.</translation>
    </message>
    <message>
        <source>The shipping service did not answer in time. Please try again.</source>
        <translation>Der Versandserver hat nicht rechtzeitig geantwortet. Bitte erneut versuchen.</translation>
    </message>
    <message>
        <source>The shipping service did not accept the request: {0}</source>
        <translation>Der Versandserver hat die Anfrage nicht angenommen: {0}</translation>
    </message>
    <message>
        <source>The shipping service did not accept the request.</source>
        <translation>Der Versandserver hat die Anfrage nicht angenommen.</translation>
    </message>
    <message>
        <source>The API key was not accepted. Check the key in the profile settings.</source>
        <translation>Der API-Schlüssel wurde nicht akzeptiert. Bitte den Schlüssel in den Profileinstellungen prüfen.</translation>
    </message>
    <message>
        <source>Your account is not allowed to do this.</source>
        <translation>Ihr Konto darf das nicht.</translation>
    </message>
    <message>
        <source>The shipping service does not know this item (any more).</source>
        <translation>Der Versandserver kennt diesen Eintrag nicht (mehr).</translation>
    </message>
    <message>
        <source>The request is too large for the shipping service.</source>
        <translation>Die Anfrage ist zu groß für den Versandserver.</translation>
    </message>
    <message>
        <source>The shipping service did not understand the request format.</source>
        <translation>Der Versandserver hat das Format der Anfrage nicht verstanden.</translation>
    </message>
    <message>
        <source>Please correct this entry: {0}</source>
        <translation>Bitte diese Angabe korrigieren: {0}</translation>
    </message>
    <message>
        <source>Some entries are not valid. Please correct the marked fields.</source>
        <translation>Einige Angaben sind ungültig. Bitte die markierten Felder korrigieren.</translation>
    </message>
    <message numerus="yes">
        <source>Too many requests to the shipping service. Please wait %n second(s).</source>
        <translation>
            <numerusform>Zu viele Anfragen an den Versandserver. Bitte %n Sekunde warten.</numerusform>
            <numerusform>Zu viele Anfragen an den Versandserver. Bitte %n Sekunden warten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Too many requests to the shipping service. Please wait a moment.</source>
        <translation>Zu viele Anfragen an den Versandserver. Bitte einen Moment warten.</translation>
    </message>
    <message>
        <source>The shipping service has a problem right now (HTTP status {0}). Please try again in a few minutes.</source>
        <translation>Beim Versandserver gibt es gerade ein Problem (HTTP-Status {0}). Bitte in ein paar Minuten erneut versuchen.</translation>
    </message>
    <message>
        <source>The shipping service is unavailable right now. Please try again in a few minutes.</source>
        <translation>Der Versandserver ist gerade nicht verfügbar. Bitte in ein paar Minuten erneut versuchen.</translation>
    </message>
    <message>
        <source>The carrier reported a problem: {0}</source>
        <translation>Der Paketdienst meldet ein Problem: {0}</translation>
    </message>
    <message>
        <source>The carrier reported a problem with this shipment.</source>
        <translation>Der Paketdienst meldet ein Problem mit dieser Sendung.</translation>
    </message>
    <message>
        <source>The carrier did not answer in time. Check the shipment history before trying again.</source>
        <translation>Der Paketdienst hat nicht rechtzeitig geantwortet. Bitte vor einem neuen Versuch den Sendungsverlauf prüfen.</translation>
    </message>
    <message>
        <source>The shipment was created, but its label could not be downloaded. Use &apos;Download label again&apos; before printing.</source>
        <translation>Die Sendung wurde angelegt, aber ihr Etikett konnte nicht heruntergeladen werden. Bitte vor dem Drucken das Etikett erneut herunterladen.</translation>
    </message>
    <message>
        <source>Several shipments on the service carry this row&apos;s reference; decide in the History.</source>
        <translation>Mehrere Sendungen beim Versandserver tragen die Referenz dieser Zeile; bitte im Verlauf entscheiden.</translation>
    </message>
    <message>
        <source>This is a sandbox (test) API key, but the profile is a live profile. Enter the live key from your account page, or use a sandbox profile.</source>
        <translation>Das ist ein Sandbox-(Test-)API-Schlüssel, aber das Profil ist ein Live-Profil. Bitte den Live-Schlüssel von der Kontoseite eingeben oder ein Sandbox-Profil verwenden.</translation>
    </message>
    <message>
        <source>This is a live API key, but the profile is a sandbox profile: shipments would be real and charged. Enter the sandbox key, or use a live profile.</source>
        <translation>Das ist ein Live-API-Schlüssel, aber das Profil ist ein Sandbox-Profil: Sendungen wären echt und kostenpflichtig. Bitte den Sandbox-Schlüssel eingeben oder ein Live-Profil verwenden.</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Person</source>
        <translation>Person</translation>
    </message>
    <message>
        <source>Station</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Parcels</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Bestellungen</translation>
    </message>
    <message>
        <source>Parcels/hour</source>
        <translation>Pakete/Std.</translation>
    </message>
    <message>
        <source>Mismatches</source>
        <translation>Fehlgriffe</translation>
    </message>
    <message>
        <source>Scan to label (median)</source>
        <translation>Scan bis Etikett (Median)</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>per day</source>
        <translation>pro Tag</translation>
    </message>
    <message>
        <source>per week</source>
        <translation>pro Woche</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Export packing figures</source>
        <translation>Packzahlen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>The file cannot be written: {reason}</source>
        <translation>Die Datei lässt sich nicht schreiben: {reason}</translation>
    </message>
    <message>
        <source>Saved to {path}</source>
        <translation>Gespeichert unter {path}</translation>
    </message>
    <message>
        <source>The end of the period is before its start.</source>
        <extracomment>the CSV&apos;s columns (machine names: a spreadsheet or script reads them in any language)</extracomment>
        <translation>Das Ende des Zeitraums liegt vor seinem Anfang.</translation>
    </message>
    <message>
        <source>Not connected to the server.</source>
        <translation>Nicht mit dem Server verbunden.</translation>
    </message>
    <message>
        <source>Reading the figures…</source>
        <translation>Zahlen werden gelesen…</translation>
    </message>
    <message>
        <source>No parcels were packed in this period.</source>
        <translation>In diesem Zeitraum wurden keine Pakete gepackt.</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Form</name>
    <message>
        <source>Company</source>
        <translation>Firma</translation>
    </message>
    <message>
        <source>First name</source>
        <translation>Vorname</translation>
    </message>
    <message>
        <source>Last name</source>
        <translation>Nachname</translation>
    </message>
    <message>
        <source>Care of</source>
        <translation>Adresszusatz</translation>
    </message>
    <message>
        <source>c/o, department, floor</source>
        <translation>c/o, Abteilung, Etage</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Straße</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Postcode</source>
        <translation>PLZ</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Land</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Bundesland</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefon</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Partner id</source>
        <translation>Partner-ID</translation>
    </message>
    <message>
        <source>7 characters, e.g. 1A2B3C4</source>
        <translation>7 Zeichen, z. B. 1A2B3C4</translation>
    </message>
    <message>
        <source>Street address</source>
        <translation>Hausanschrift</translation>
    </message>
    <message>
        <source>Locker station ({keyword})</source>
        <translation>Packstation ({keyword})</translation>
    </message>
    <message>
        <source>Post branch ({keyword})</source>
        <translation>Postfiliale ({keyword})</translation>
    </message>
    <message>
        <source>Workplace parcel point (partner id)</source>
        <translation>Paketstation am Arbeitsplatz (Partner-ID)</translation>
    </message>
    <message>
        <source>Deliver to</source>
        <translation>Liefern an</translation>
    </message>
    <message>
        <source>{0} — not offered by {name}</source>
        <translation>{0} — nicht von {name} angeboten</translation>
    </message>
    <message>
        <source>Customer number (Postnummer)</source>
        <translation>Postnummer</translation>
    </message>
    <message>
        <source>6 to 10 digits</source>
        <translation>6 bis 10 Ziffern</translation>
    </message>
    <message>
        <source>Station number</source>
        <translation>Nummer der Packstation</translation>
    </message>
    <message>
        <source>Branch number</source>
        <translation>Nummer der Filiale</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>Problem: {text}</source>
        <translation>Problem: {text}</translation>
    </message>
    <message>
        <source>Something went wrong: {0}</source>
        <translation>Etwas ist schiefgegangen: {0}</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>Label created</source>
        <extracomment>statuses after which nothing more happens to a shipment (no periodic refresh) open shipments older than this are not refreshed periodically (sandbox ones are gone) tracking statuses in words (translated where shown)</extracomment>
        <translation>Etikett erstellt</translation>
    </message>
    <message>
        <source>Picked up</source>
        <translation>Abgeholt</translation>
    </message>
    <message>
        <source>In transit</source>
        <translation>Unterwegs</translation>
    </message>
    <message>
        <source>Out for delivery</source>
        <translation>In Zustellung</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Zugestellt</translation>
    </message>
    <message>
        <source>Awaits pickup by receiver</source>
        <translation>Liegt zur Abholung bereit</translation>
    </message>
    <message>
        <source>Canceled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Delayed</source>
        <translation>Verzögert</translation>
    </message>
    <message>
        <source>Problem (exception)</source>
        <translation>Problem bei der Zustellung</translation>
    </message>
    <message>
        <source>Not delivered</source>
        <translation>Nicht zugestellt</translation>
    </message>
    <message>
        <source>Destroyed</source>
        <translation>Vernichtet</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>Benachrichtigung</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Deleted</source>
        <extracomment>statuses after which the real service no longer deletes a shipment (it has been picked up)</extracomment>
        <translation>Gelöscht</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>already deleted</source>
        <translation>bereits gelöscht</translation>
    </message>
    <message>
        <source>picked up by the carrier: the service no longer deletes it</source>
        <translation>vom Paketdienst abgeholt: kann nicht mehr gelöscht werden</translation>
    </message>
    <message>
        <source>{person} at {station}</source>
        <translation>{person} an {station}</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Receiver</source>
        <translation>Empfänger</translation>
    </message>
    <message>
        <source>Carrier / service</source>
        <translation>Paketdienst / Versandart</translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>Erstellt von</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Tracking no.</source>
        <translation>Sendungsnummer</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Search name, reference or tracking number  (Ctrl+F)</source>
        <translation>Name, Referenz oder Sendungsnummer suchen  (Strg+F)</translation>
    </message>
    <message>
        <source>Show deleted</source>
        <translation>Gelöschte anzeigen</translation>
    </message>
    <message>
        <source>Refresh from service</source>
        <translation>Vom Server aktualisieren</translation>
    </message>
    <message>
        <source>Update tracking statuses from the service (F5)</source>
        <translation>Sendungsstatus vom Server aktualisieren (F5)</translation>
    </message>
    <message>
        <source>Reprint</source>
        <translation>Erneut drucken</translation>
    </message>
    <message>
        <source>Open label</source>
        <translation>Etikett öffnen</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen …</translation>
    </message>
    <message>
        <source>Copy tracking number</source>
        <translation>Sendungsnummer kopieren</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>No shipments match</source>
        <translation>Keine passenden Sendungen</translation>
    </message>
    <message>
        <source>No shipments yet</source>
        <translation>Noch keine Sendungen</translation>
    </message>
    <message numerus="yes">
        <source>Showing the newest {0} of %n shipment(s)</source>
        <translation>
            <numerusform>Die neuesten {0} von %n Sendung</numerusform>
            <numerusform>Die neuesten {0} von %n Sendungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shipment(s)</source>
        <translation>
            <numerusform>%n Sendung</numerusform>
            <numerusform>%n Sendungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot delete: {r}</source>
        <extracomment>how many of the newest shipments the page shows (the search reaches all of them) how many stored shipments a refresh brings up to date, newest first shipments missing from the service&apos;s list are asked for one by one, at most this many a shown page refreshes from the service by itself at most this often (seconds)</extracomment>
        <translation>Löschen nicht möglich: {r}</translation>
    </message>
    <message>
        <source>Delete on the service (Del)</source>
        <translation>Auf dem Server löschen (Entf)</translation>
    </message>
    <message>
        <source>Print the label again on this profile&apos;s printer (Ctrl+R)</source>
        <translation>Etikett erneut auf dem Drucker dieses Profils drucken (Strg+R)</translation>
    </message>
    <message>
        <source>The label of {0} is not on this computer.</source>
        <extracomment>the user asked to see a shipment&apos;s label (the main window shows it in the preview) a message was shown (for tests and the status bar) more row actions for the context menu (returns, ...)</extracomment>
        <translation>Das Etikett von {0} liegt nicht auf diesem Computer.</translation>
    </message>
    <message>
        <source>No program opens {label_path}</source>
        <translation>Kein Programm kann {label_path} öffnen</translation>
    </message>
    <message>
        <source>No printer is assigned to this profile: add one in Settings › Printers and assign it.</source>
        <extracomment>a search or reload finished; the argument is the query the model holds a new result; reselect these shipment ids (a set) where shown the count line changed (its text) a refresh from the service started (True) or ended (False) another profile was opened: nothing of the last one is shown (the query is cleared) a shipment was deleted on the service (its id) a reprint was queued (the print job id) a refresh from the service finished (how many shipments it updated) the ids the user has selected (the page keeps it current); a reload keeps them refresh from the service when the page is shown (at most once a minute) messages shown so far: a refresh&apos;s routine line never replaces an answer shown while it ran (a Reprint clicked as the page&apos;s automatic refresh was under way)</extracomment>
        <translation>Diesem Profil ist kein Drucker zugewiesen: unter Einstellungen › Drucker einen hinzufügen und zuweisen.</translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) sent to {name}.</source>
        <translation>
            <numerusform>%n Etikett an {name} gesendet.</numerusform>
            <numerusform>%n Etiketten an {name} gesendet.</numerusform>
        </translation>
    </message>
    <message>
        <source> and {0} more</source>
        <translation> und {0} weitere</translation>
    </message>
    <message>
        <source>Delete shipments</source>
        <translation>Sendungen löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n shipment(s) on the service?

{names}

Their labels can no longer be used.</source>
        <translation>
            <numerusform>%n Sendung auf dem Server löschen?

{names}

Ihr Etikett kann dann nicht mehr verwendet werden.</numerusform>
            <numerusform>%n Sendungen auf dem Server löschen?

{names}

Ihre Etiketten können dann nicht mehr verwendet werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to the service yet: try again in a moment.</source>
        <translation>Noch nicht mit dem Server verbunden: bitte gleich noch einmal versuchen.</translation>
    </message>
    <message>
        <source>{0}: the service no longer has it ({1}).</source>
        <translation>{0}: nicht mehr auf dem Server vorhanden ({1}).</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n shipment(s).</source>
        <translation>
            <numerusform>%n Sendung gelöscht.</numerusform>
            <numerusform>%n Sendungen gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to the service yet.</source>
        <translation>Noch nicht mit dem Versandserver verbunden.</translation>
    </message>
    <message>
        <source>Refreshing…</source>
        <translation>Wird aktualisiert …</translation>
    </message>
    <message>
        <source>Could not refresh from the service: {0}</source>
        <translation>Aktualisierung vom Server fehlgeschlagen: {0}</translation>
    </message>
    <message>
        <source>Updated from the service at {0}.</source>
        <translation>Um {0} vom Server aktualisiert.</translation>
    </message>
    <message>
        <source>it is a return itself</source>
        <translation>es ist selbst eine Retoure</translation>
    </message>
    <message>
        <source>the carrier {carrier} is unknown</source>
        <translation>der Paketdienst {carrier} ist unbekannt</translation>
    </message>
    <message>
        <source>{display_name} takes no returns (these carriers do: {takers})</source>
        <translation>{display_name} nimmt keine Retouren an (diese Paketdienste schon: {takers})</translation>
    </message>
    <message numerus="yes">
        <source>%n return label(s) already exist for {who}; the latest is {reference}, created {when}.

A second return label is rarely needed: show the existing one, or create another?</source>
        <translation>
            <numerusform>Für {who} gibt es schon %n Retourenetikett: {reference}, erstellt {when}.

Ein zweites Retourenetikett ist selten nötig: das vorhandene anzeigen oder ein weiteres erstellen?</numerusform>
            <numerusform>Für {who} gibt es schon %n Retourenetiketten; das neueste ist {reference}, erstellt {when}.

Ein weiteres Retourenetikett ist selten nötig: das vorhandene anzeigen oder noch eines erstellen?</numerusform>
        </translation>
    </message>
    <message>
        <source>{name} takes one package per shipment: the return has the first.</source>
        <translation>{name} nimmt ein Paket pro Sendung: die Retoure erhält das erste.</translation>
    </message>
    <message>
        <source>Additional services removed ({0}): return shipments carry no additional services.</source>
        <translation>Zusatzleistungen entfernt ({0}): Retouren haben keine Zusatzleistungen.</translation>
    </message>
    <message>
        <source>The declared value (higher insurance) is not carried over to the return.</source>
        <translation>Die Höherversicherung wird nicht in die Retoure übernommen.</translation>
    </message>
    <message>
        <source>The shipment went to a workplace parcel point: check the customer&apos;s address.</source>
        <translation>Die Sendung ging an eine Paketstation am Arbeitsplatz: bitte die Adresse des Kunden prüfen.</translation>
    </message>
    <message>
        <source>Return label for {who}</source>
        <translation>Retourenetikett für {who}</translation>
    </message>
    <message>
        <source>From (the customer)</source>
        <extracomment>the return was created (its StoredShipment)</extracomment>
        <translation>Von (Kunde)</translation>
    </message>
    <message>
        <source>To (back to you)</source>
        <translation>An (zurück an Sie)</translation>
    </message>
    <message>
        <source>{carrier} · {service} · label {label} ({reason})</source>
        <translation>{carrier} · {service} · Etikett {label} ({reason})</translation>
    </message>
    <message>
        <source>e.g. wrong size (kept with the shipment)</source>
        <translation>z. B. falsche Größe (wird bei der Sendung gespeichert)</translation>
    </message>
    <message>
        <source>contents, e.g. shoes</source>
        <translation>Inhalt, z. B. Schuhe</translation>
    </message>
    <message>
        <source>Return reason</source>
        <translation>Retourengrund</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Print the label</source>
        <translation>Etikett drucken</translation>
    </message>
    <message>
        <source>Create return label</source>
        <translation>Retourenetikett erstellen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The return goes to your account&apos;s default returns address.</source>
        <translation>Die Retoure geht an die Standard-Retourenadresse Ihres Kontos.</translation>
    </message>
    <message>
        <source>Creating the return label…</source>
        <translation>Retourenetikett wird erstellt …</translation>
    </message>
    <message>
        <source>The service refused the return: {0}</source>
        <translation>Der Server hat die Retoure abgelehnt: {0}</translation>
    </message>
    <message>
        <source>Create return label…</source>
        <translation>Retourenetikett erstellen …</translation>
    </message>
    <message>
        <source>select one shipment</source>
        <translation>eine Sendung auswählen</translation>
    </message>
    <message>
        <source>it was deleted</source>
        <translation>sie wurde gelöscht</translation>
    </message>
    <message>
        <source>Make a return label: sender and receiver swapped</source>
        <translation>Retourenetikett erstellen: Absender und Empfänger getauscht</translation>
    </message>
    <message>
        <source>No return: {why}</source>
        <translation>Keine Retoure: {why}</translation>
    </message>
    <message>
        <source>Return label created: {reference_number}.</source>
        <translation>Retourenetikett erstellt: {reference_number}.</translation>
    </message>
    <message>
        <source>Return label exists</source>
        <translation>Retourenetikett vorhanden</translation>
    </message>
    <message>
        <source>Show existing return</source>
        <translation>Vorhandene Retoure anzeigen</translation>
    </message>
    <message>
        <source>Create another</source>
        <translation>Weiteres erstellen</translation>
    </message>
    <message>
        <source>The existing return is selected: {reference}.</source>
        <translation>Die vorhandene Retoure ist ausgewählt: {reference}.</translation>
    </message>
    <message>
        <source>No tracking yet</source>
        <translation>Noch keine Sendungsverfolgung</translation>
    </message>
    <message>
        <source>Select a shipment to see its tracking.</source>
        <extracomment>a message was shown (the text) the shipment was updated from the service (the StoredShipment)</extracomment>
        <translation>Sendung auswählen, um ihre Sendungsverfolgung zu sehen.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Refresh tracking</source>
        <translation>Sendungsverfolgung aktualisieren</translation>
    </message>
    <message>
        <source>Ask the service for this shipment&apos;s latest events</source>
        <translation>Die neuesten Ereignisse dieser Sendung vom Server abrufen</translation>
    </message>
    <message>
        <source>Next status (sandbox)</source>
        <translation>Nächster Status (Test)</translation>
    </message>
    <message>
        <source>Move this sandbox shipment one step along its life cycle (picked up, transit, …)</source>
        <translation>Diese Testsendung einen Schritt weiterschalten (abgeholt, unterwegs, …)</translation>
    </message>
    <message>
        <source>Select one shipment to see its tracking.</source>
        <extracomment>one event row: time, status, location, details (with the package when there are several) the shown shipment or what may be done with it changed the shipment was updated from the service (the StoredShipment) a move to the next status is on its way</extracomment>
        <translation>Eine Sendung auswählen, um ihre Sendungsverfolgung zu sehen.</translation>
    </message>
    <message>
        <source>no tracking events yet</source>
        <translation>noch keine Ereignisse</translation>
    </message>
    <message>
        <source>The service no longer has this shipment (deleted).</source>
        <translation>Diese Sendung ist nicht mehr auf dem Server (gelöscht).</translation>
    </message>
    <message>
        <source>Could not refresh: {0}</source>
        <translation>Aktualisierung fehlgeschlagen: {0}</translation>
    </message>
    <message>
        <source>Tracking updated at {0}.</source>
        <translation>Sendungsverfolgung um {0} aktualisiert.</translation>
    </message>
    <message>
        <source>Only shipments of the local sandbox can be moved along.</source>
        <translation>Nur Sendungen der lokalen Testumgebung lassen sich weiterschalten.</translation>
    </message>
    <message>
        <source>Could not move the shipment on: {0}</source>
        <translation>Die Sendung konnte nicht weitergeschaltet werden: {0}</translation>
    </message>
    <message>
        <source>Moved to: {0}.</source>
        <translation>Weitergeschaltet auf: {0}.</translation>
    </message>
</context>
<context>
    <name>LocationFinderWidget</name>
    <message>
        <source>Find near the receiver</source>
        <extracomment>the LocationType of the directory that each receiver mode looks for the carrier whose keyword (PACKSTATION, POSTFILIALE) the modes use, when none is chosen</extracomment>
        <translation>In der Nähe des Empfängers suchen</translation>
    </message>
    <message>
        <source>List the stations or branches near the receiver&apos;s postcode, nearest first</source>
        <translation>Stationen oder Filialen in der Nähe der PLZ des Empfängers anzeigen, die nächste zuerst</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Entfernung</translation>
    </message>
    <message>
        <source>Opening hours</source>
        <translation>Öffnungszeiten</translation>
    </message>
    <message>
        <source>Use this location</source>
        <translation>Diesen Standort verwenden</translation>
    </message>
    <message>
        <source>Enter the receiver&apos;s postcode or city first.</source>
        <translation>Bitte zuerst PLZ oder Ort des Empfängers eingeben.</translation>
    </message>
    <message>
        <source>Looking for locations…</source>
        <translation>Standorte werden gesucht …</translation>
    </message>
    <message>
        <source>The locations could not be looked up: {0}</source>
        <translation>Die Standorte konnten nicht gesucht werden: {0}</translation>
    </message>
    <message numerus="yes">
        <source>%n location(s) near the receiver: choose one.</source>
        <translation>
            <numerusform>%n Standort in der Nähe des Empfängers: bitte wählen.</numerusform>
            <numerusform>%n Standorte in der Nähe des Empfängers: bitte einen wählen.</numerusform>
        </translation>
    </message>
    <message>
        <source>No location of this kind near the receiver.</source>
        <translation>Kein solcher Standort in der Nähe des Empfängers.</translation>
    </message>
    <message>
        <source>{0} m</source>
        <translation>{0} m</translation>
    </message>
    <message>
        <source>{0} km</source>
        <translation>{0} km</translation>
    </message>
    <message>
        <source>{0} is the receiver&apos;s location now.</source>
        <translation>{0} ist jetzt der Standort des Empfängers.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Shipment</source>
        <extracomment>Ctrl+1 ... Ctrl+9 bring the pages to the front in tab order</extracomment>
        <translation>&amp;Sendung</translation>
    </message>
    <message>
        <source>&amp;New shipment</source>
        <translation>&amp;Neue Sendung</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Profile switcher</source>
        <translation>&amp;Profilauswahl</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Close Packdesk</source>
        <translation>Packdesk schließen</translation>
    </message>
    <message>
        <source>Keep working</source>
        <translation>Weiterarbeiten</translation>
    </message>
</context>
<context>
    <name>Pickups</name>
    <message>
        <source>deleted</source>
        <extracomment>statuses in which a parcel still waits at the desk how many of the newest stored shipments the end-of-day view looks at shipments of today that are not offered for pickup, with the reason</extracomment>
        <translation>gelöscht</translation>
    </message>
    <message>
        <source>a return: the customer hands it in</source>
        <translation>eine Retoure: der Kunde gibt sie selbst ab</translation>
    </message>
    <message>
        <source>no label yet</source>
        <translation>noch kein Etikett</translation>
    </message>
    <message>
        <source>pickup already requested</source>
        <translation>Abholung bereits beauftragt</translation>
    </message>
    <message>
        <source>on its way: {status}</source>
        <translation>schon unterwegs: {status}</translation>
    </message>
    <message numerus="yes">
        <source>Request a {carrier} pickup of %n shipment(s) between {earliest} and {latest}?</source>
        <translation>
            <numerusform>Abholung von %n Sendung durch {carrier} zwischen {earliest} und {latest} anfordern?</numerusform>
            <numerusform>Abholung von %n Sendungen durch {carrier} zwischen {earliest} und {latest} anfordern?</numerusform>
        </translation>
    </message>
    <message>
        <source>This is a live profile: the carrier sends a driver and may charge for it.</source>
        <translation>Dies ist ein Live-Profil: Der Paketdienst schickt einen Fahrer und kann dafür Gebühren berechnen.</translation>
    </message>
    <message>
        <source>Carrier / shipment</source>
        <translation>Paketdienst / Sendung</translation>
    </message>
    <message>
        <source>Receiver</source>
        <translation>Empfänger</translation>
    </message>
    <message>
        <source>Labelled at</source>
        <translation>Etikett erstellt um</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Reload</source>
        <extracomment>a pickup was requested (the PickupRequest answered by the service)</extracomment>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>All listed shipments of the carrier</source>
        <translation>Alle aufgeführten Sendungen des Paketdienstes</translation>
    </message>
    <message>
        <source>Only the checked shipments</source>
        <translation>Nur die markierten Sendungen</translation>
    </message>
    <message>
        <source>Request pickup</source>
        <translation>Abholung beauftragen</translation>
    </message>
    <message>
        <source>Request a pickup</source>
        <extracomment>a field changed (the request is checked again)</extracomment>
        <translation>Abholung beauftragen</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Paketdienst</translation>
    </message>
    <message>
        <source>Earliest</source>
        <translation>Frühestens</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>Spätestens</translation>
    </message>
    <message>
        <source>Requested</source>
        <translation>Beauftragt</translation>
    </message>
    <message>
        <source>Pickup number</source>
        <translation>Abholnummer</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Zeitfenster</translation>
    </message>
    <message>
        <source>Shipments</source>
        <translation>Sendungen</translation>
    </message>
    <message>
        <source>Pickup history</source>
        <translation>Bisherige Abholungen</translation>
    </message>
    <message>
        <source>End of day: today&apos;s labelled shipments not yet picked up</source>
        <translation>Tagesabschluss: heute erstellte Sendungen, die noch nicht abgeholt wurden</translation>
    </message>
    <message>
        <source>Could not load the pickup history: {0}</source>
        <extracomment>the day, the pickup history or the manifests were (re)loaded or cleared a request or a manifest started or ended (the buttons follow) what the last manifest holds and where its PDF is a pickup was requested (the PickupRequest answered by the service) shipment id -&gt; the carrier reference of the manifest it was handed over with a pickup request / a manifest is on its way to the service</extracomment>
        <translation>Die bisherigen Abholungen konnten nicht geladen werden: {0}</translation>
    </message>
    <message>
        <source>{name} takes no pickup requests</source>
        <translation>{name} nimmt keine Abholaufträge an</translation>
    </message>
    <message>
        <source>{name} ({0} open)</source>
        <translation>{name} ({0} offen)</translation>
    </message>
    <message numerus="yes">
        <source>%n shipment(s) waiting for pickup with {0}.</source>
        <translation>
            <numerusform>%n Sendung wartet auf Abholung bei {0}.</numerusform>
            <numerusform>%n Sendungen warten auf Abholung bei {0}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n carrier(s)</source>
        <translation>
            <numerusform>%n Paketdienst</numerusform>
            <numerusform>%n Paketdiensten</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing waits for a pickup today.</source>
        <translation>Heute wartet nichts auf Abholung.</translation>
    </message>
    <message>
        <source>Choose the carrier to come for the shipments.</source>
        <translation>Wählen Sie den Paketdienst, der die Sendungen abholen soll.</translation>
    </message>
    <message>
        <source>The carriers of the waiting shipments take no pickup requests: hand the parcels over with a manifest.</source>
        <translation>Die Paketdienste der wartenden Sendungen nehmen keine Abholaufträge an: Übergeben Sie die Pakete mit einer Übergabeliste.</translation>
    </message>
    <message>
        <source>No carrier has shipments waiting for a pickup.</source>
        <translation>Bei keinem Paketdienst warten Sendungen auf Abholung.</translation>
    </message>
    <message>
        <source>Check the shipments to be picked up.</source>
        <translation>Bitte die abzuholenden Sendungen markieren.</translation>
    </message>
    <message>
        <source>The latest pickup time must be in the future.</source>
        <translation>Die späteste Abholzeit muss in der Zukunft liegen.</translation>
    </message>
    <message>
        <source>Not connected to the service yet.</source>
        <translation>Noch nicht mit dem Versandserver verbunden.</translation>
    </message>
    <message>
        <source>The pickup was not requested: {0}</source>
        <translation>Die Abholung wurde nicht beauftragt: {0}</translation>
    </message>
    <message numerus="yes">
        <source>{name} pickup requested for %n shipment(s): pickup number {number}.</source>
        <translation>
            <numerusform>Abholung bei {name} für %n Sendung beauftragt: Abholnummer {number}.</numerusform>
            <numerusform>Abholung bei {name} für %n Sendungen beauftragt: Abholnummer {number}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>e.g. DE, or AT, CH for a list</source>
        <translation>z. B. DE, oder AT, CH für eine Liste</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Shipping preset</source>
        <translation>Versandvorlage</translation>
    </message>
    <message>
        <source>Add condition</source>
        <translation>Bedingung hinzufügen</translation>
    </message>
    <message>
        <source> cm</source>
        <translation> cm</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Applies when all hold</source>
        <translation>Gilt, wenn alle zutreffen</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Paketdienst</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Versandart</translation>
    </message>
    <message>
        <source>Package type</source>
        <translation>Paketart</translation>
    </message>
    <message>
        <source>Size (L × W × H)</source>
        <translation>Größe (L × B × H)</translation>
    </message>
    <message>
        <source>Label format</source>
        <translation>Etikettenformat</translation>
    </message>
    <message>
        <source>Add-ons (JSON)</source>
        <translation>Zusatzleistungen (JSON)</translation>
    </message>
    <message>
        <source>(as the order says)</source>
        <translation>(wie in der Bestellung)</translation>
    </message>
    <message>
        <source>Automatic (chosen for the printer)</source>
        <translation>Automatisch (passend zum Drucker)</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen …</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten …</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Back to the defaults</source>
        <translation>Zurück zu den Standardvorlagen</translation>
    </message>
    <message>
        <source>No profile is open</source>
        <translation>Kein Profil geöffnet</translation>
    </message>
    <message>
        <source>Shipping presets of &lt;b&gt;%1&lt;/b&gt;: the first whose conditions all hold decides how an order ships (Scan page, Batch page, packdesk batch).</source>
        <translation>Versandvorlagen von &lt;b&gt;%1&lt;/b&gt;: Die erste, deren Bedingungen alle zutreffen, bestimmt, wie eine Bestellung versendet wird (Seite Scannen, Seite Stapel, packdesk batch).</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Deleted.</source>
        <translation>Gelöscht.</translation>
    </message>
    <message>
        <source>Default presets again.</source>
        <translation>Wieder die Standardvorlagen.</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Land</translation>
    </message>
    <message>
        <source>Postcode</source>
        <translation>PLZ</translation>
    </message>
    <message>
        <source>Weight (kg)</source>
        <translation>Gewicht (kg)</translation>
    </message>
    <message>
        <source>Order value</source>
        <translation>Bestellwert</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Condition %1</source>
        <translation>Bedingung %1</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Add-ons</source>
        <translation>Zusatzleistungen</translation>
    </message>
    <message>
        <source>every order</source>
        <translation>jede Bestellung</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Germany, small box (up to 2 kg)</source>
        <extracomment>the default shipping presets&apos; names (data in the profile, shown in the UI language)</extracomment>
        <translation>Deutschland, kleiner Karton (bis 2 kg)</translation>
    </message>
    <message>
        <source>Germany, medium box (up to 10 kg)</source>
        <translation>Deutschland, mittlerer Karton (bis 10 kg)</translation>
    </message>
    <message>
        <source>Germany, large box (up to 31.5 kg)</source>
        <translation>Deutschland, großer Karton (bis 31,5 kg)</translation>
    </message>
    <message>
        <source>Abroad (up to 31.5 kg)</source>
        <translation>Ausland (bis 31,5 kg)</translation>
    </message>
    <message>
        <source>Heavy parcel (UPS, up to 70 kg)</source>
        <translation>Schweres Paket (UPS, bis 70 kg)</translation>
    </message>
    <message>
        <source> kg</source>
        <extracomment>the weights a preset may give (the box&apos;s own, the default) -&gt; their highest value in kg</extracomment>
        <translation> kg</translation>
    </message>
    <message>
        <source>Added to an order weighed by its items (catalogue or file)</source>
        <translation>Wird zu einer Bestellung addiert, die nach ihren Artikeln gewogen wird (Katalog oder Datei)</translation>
    </message>
    <message>
        <source>For an order that has no weight from the scale, the catalogue or the file</source>
        <translation>Für eine Bestellung ohne Gewicht von Waage, Katalog oder Datei</translation>
    </message>
    <message>
        <source>Box&apos;s own weight</source>
        <translation>Eigengewicht des Kartons</translation>
    </message>
    <message>
        <source>Default weight</source>
        <translation>Standardgewicht</translation>
    </message>
</context>
<context>
    <name>Problems</name>
    <message>
        <source>Receiver</source>
        <extracomment>the first part of a path: which part of the shipment (or request) it is in</extracomment>
        <translation>Empfänger</translation>
    </message>
    <message>
        <source>Sender</source>
        <translation>Absender</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Pickup address</source>
        <translation>Abholadresse</translation>
    </message>
    <message>
        <source>Pickup time</source>
        <translation>Abholzeit</translation>
    </message>
    <message>
        <source>Order details</source>
        <translation>Bestelldaten</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Etikett</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>Anmeldung</translation>
    </message>
    <message>
        <source>Company</source>
        <extracomment>a field&apos;s own name, as the forms label it</extracomment>
        <translation>Firma</translation>
    </message>
    <message>
        <source>First name</source>
        <translation>Vorname</translation>
    </message>
    <message>
        <source>Last name</source>
        <translation>Nachname</translation>
    </message>
    <message>
        <source>Care of</source>
        <translation>Adresszusatz</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Straße</translation>
    </message>
    <message>
        <source>House number</source>
        <translation>Hausnummer</translation>
    </message>
    <message>
        <source>Postcode</source>
        <translation>PLZ</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Bundesland</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Land</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefon</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Partner id</source>
        <translation>Partner-ID</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Weight unit</source>
        <translation>Gewichtseinheit</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Declared value</source>
        <translation>Warenwert</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Währung</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Paketdienst</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Notification e-mail</source>
        <translation>Benachrichtigungs-E-Mail</translation>
    </message>
    <message>
        <source>Add-ons</source>
        <translation>Zusatzleistungen</translation>
    </message>
    <message>
        <source>Shipments</source>
        <translation>Sendungen</translation>
    </message>
    <message>
        <source>Earliest</source>
        <translation>Frühestens</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>Spätestens</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Order number</source>
        <translation>Bestellnummer</translation>
    </message>
    <message>
        <source>Shop name</source>
        <translation>Shop-Name</translation>
    </message>
    <message>
        <source>Order date</source>
        <translation>Bestelldatum</translation>
    </message>
    <message>
        <source>Label format</source>
        <translation>Etikettenformat</translation>
    </message>
    <message>
        <source>User name</source>
        <translation>Benutzername</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Package {number}</source>
        <translation>Paket {number}</translation>
    </message>
    <message>
        <source>Add-on {number}</source>
        <translation>Zusatzleistung {number}</translation>
    </message>
    <message>
        <source>{outer} › {inner}</source>
        <translation>{outer} › {inner}</translation>
    </message>
    <message>
        <source>{field}: {message}</source>
        <extracomment>problems whose message names the cause and what to do, without a field</extracomment>
        <translation>{field}: {message}</translation>
    </message>
    <message>
        <source>Column “{column}”: {message}</source>
        <translation>Spalte „{column}“: {message}</translation>
    </message>
    <message>
        <source>This carrier</source>
        <translation>Dieser Paketdienst</translation>
    </message>
    <message>
        <source>Choose a carrier.</source>
        <translation>Bitte einen Paketdienst wählen.</translation>
    </message>
    <message>
        <source>Choose a service.</source>
        <translation>Bitte eine Versandart wählen.</translation>
    </message>
    <message>
        <source>Fill this in for the additional service.</source>
        <translation>Bitte für die Zusatzleistung ausfüllen.</translation>
    </message>
    <message>
        <source>Enter the sender&apos;s address.</source>
        <translation>Bitte die Adresse des Absenders eingeben.</translation>
    </message>
    <message>
        <source>Enter the receiver&apos;s address.</source>
        <translation>Bitte die Adresse des Empfängers eingeben.</translation>
    </message>
    <message>
        <source>Fill this in.</source>
        <translation>Bitte ausfüllen.</translation>
    </message>
    <message>
        <source>A lone accent cannot be printed by this carrier; remove it.</source>
        <translation>Ein einzelnes Akzentzeichen kann dieser Versanddienstleister nicht drucken; bitte entfernen.</translation>
    </message>
    <message>
        <source>An invisible character cannot be printed by this carrier; remove it.</source>
        <translation>Ein unsichtbares Zeichen kann dieser Versanddienstleister nicht drucken; bitte entfernen.</translation>
    </message>
    <message>
        <source>The character “{char}” cannot be printed by this carrier; remove it.</source>
        <translation>Das Zeichen „{char}“ kann dieser Versanddienstleister nicht drucken; bitte entfernen.</translation>
    </message>
    <message>
        <source>This value has the wrong form.</source>
        <translation>Dieser Wert hat nicht die richtige Form.</translation>
    </message>
    <message>
        <source>Leave this empty.</source>
        <translation>Bitte leer lassen.</translation>
    </message>
    <message>
        <source>This field is not known.</source>
        <translation>Dieses Feld ist unbekannt.</translation>
    </message>
    <message>
        <source>At most {max} characters (now {now}).</source>
        <translation>Höchstens {max} Zeichen (jetzt {now}).</translation>
    </message>
    <message>
        <source>This is too long.</source>
        <translation>Das ist zu lang.</translation>
    </message>
    <message>
        <source>At least {min} characters.</source>
        <translation>Mindestens {min} Zeichen.</translation>
    </message>
    <message>
        <source>This is too short.</source>
        <translation>Das ist zu kurz.</translation>
    </message>
    <message>
        <source>Enter a number.</source>
        <translation>Bitte eine Zahl eingeben.</translation>
    </message>
    <message>
        <source>Enter a number above 0.</source>
        <translation>Bitte eine Zahl größer als 0 eingeben.</translation>
    </message>
    <message>
        <source>Enter a valid e-mail address, e.g. name@example.com.</source>
        <translation>Bitte eine gültige E-Mail-Adresse eingeben, z. B. name@example.com.</translation>
    </message>
    <message>
        <source>Enter the mobile number with its country code, e.g. +49 151 2345678.</source>
        <translation>Bitte die Handynummer mit Ländervorwahl eingeben, z. B. +49 151 2345678.</translation>
    </message>
    <message>
        <source>Enter a phone number, e.g. +49 30 1234567.</source>
        <translation>Bitte eine Telefonnummer eingeben, z. B. +49 30 1234567.</translation>
    </message>
    <message>
        <source>Choose a country from the list.</source>
        <translation>Bitte ein Land aus der Liste wählen.</translation>
    </message>
    <message>
        <source>Enter a three-letter currency code such as EUR.</source>
        <translation>Bitte einen dreistelligen Währungscode wie EUR eingeben.</translation>
    </message>
    <message>
        <source>Choose a language.</source>
        <translation>Bitte eine Sprache wählen.</translation>
    </message>
    <message>
        <source>Enter a date such as %1.</source>
        <translation>Bitte ein Datum wie %1 eingeben.</translation>
    </message>
    <message>
        <source>Enter a date and a time.</source>
        <translation>Bitte Datum und Uhrzeit eingeben.</translation>
    </message>
    <message>
        <source>This IBAN is not valid; check it for typing errors.</source>
        <translation>Diese IBAN ist ungültig; bitte auf Tippfehler prüfen.</translation>
    </message>
    <message>
        <source>A BIC has 8 or 11 letters and digits, e.g. DEUTDEFF.</source>
        <translation>Eine BIC hat 8 oder 11 Buchstaben und Ziffern, z. B. DEUTDEFF.</translation>
    </message>
    <message>
        <source>Enter a full web address, e.g. https://example.com/hooks.</source>
        <translation>Bitte eine vollständige Webadresse eingeben, z. B. https://example.com/hooks.</translation>
    </message>
    <message>
        <source>Live webhooks need an address starting with https://.</source>
        <translation>Live-Webhooks brauchen eine Adresse, die mit https:// beginnt.</translation>
    </message>
    <message>
        <source>Choose a unit from the list.</source>
        <translation>Bitte eine Einheit aus der Liste wählen.</translation>
    </message>
    <message>
        <source>This barcode number (GTIN) is not valid; check it for typing errors.</source>
        <translation>Diese Artikelnummer (GTIN) ist ungültig; bitte auf Tippfehler prüfen.</translation>
    </message>
    <message>
        <source>There are too many entries here.</source>
        <translation>Hier sind zu viele Einträge.</translation>
    </message>
    <message>
        <source>Enter a company, or a first and last name.</source>
        <translation>Bitte eine Firma oder Vor- und Nachname eingeben.</translation>
    </message>
    <message>
        <source>Enter a name or a company.</source>
        <translation>Bitte einen Namen oder eine Firma eingeben.</translation>
    </message>
    <message>
        <source>Choose a carrier from the list.</source>
        <translation>Bitte einen Paketdienst aus der Liste wählen.</translation>
    </message>
    <message>
        <source>{carrier} does not take returns.</source>
        <translation>{carrier} nimmt keine Retouren an.</translation>
    </message>
    <message>
        <source>{carrier} does not offer {service}; choose another service.</source>
        <translation>{carrier} bietet {service} nicht an; bitte eine andere Versandart wählen.</translation>
    </message>
    <message>
        <source>Returns cannot have additional services; remove them.</source>
        <translation>Retouren können keine Zusatzleistungen haben; bitte entfernen.</translation>
    </message>
    <message>
        <source>Give either one package or several, not both.</source>
        <translation>Bitte entweder ein Paket oder mehrere angeben, nicht beides.</translation>
    </message>
    <message>
        <source>Enter the package&apos;s weight and size.</source>
        <translation>Bitte Gewicht und Maße des Pakets eingeben.</translation>
    </message>
    <message>
        <source>{carrier} takes only one package per shipment.</source>
        <translation>{carrier} nimmt nur ein Paket pro Sendung.</translation>
    </message>
    <message numerus="yes">
        <source>A shipment can have at most %n packages.</source>
        <translation>
            <numerusform>Eine Sendung kann höchstens %n Paket haben.</numerusform>
            <numerusform>Eine Sendung kann höchstens %n Pakete haben.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a package type.</source>
        <translation>Bitte eine Paketart wählen.</translation>
    </message>
    <message>
        <source>{carrier} does not take the package type {type}.</source>
        <translation>{carrier} nimmt die Paketart {type} nicht an.</translation>
    </message>
    <message>
        <source>At most {max} kg for this package type (now {now} kg).</source>
        <translation>Höchstens {max} kg für diese Paketart (jetzt {now} kg).</translation>
    </message>
    <message>
        <source>At most {max} cm for this package type (now {now} cm).</source>
        <translation>Höchstens {max} cm für diese Paketart (jetzt {now} cm).</translation>
    </message>
    <message>
        <source>Leave length, width and height empty for bulky parcels.</source>
        <translation>Bei Sperrgut Länge, Breite und Höhe bitte leer lassen.</translation>
    </message>
    <message>
        <source>{carrier} offers no higher insurance; remove the declared value.</source>
        <translation>{carrier} bietet keine Höherversicherung; bitte den versicherten Wert entfernen.</translation>
    </message>
    <message>
        <source>Declared values are given in euro (EUR).</source>
        <translation>Versicherte Werte werden in Euro (EUR) angegeben.</translation>
    </message>
    <message>
        <source>Goods worth up to 500 € are insured automatically; leave the declared value out.</source>
        <translation>Waren bis 500 € sind automatisch versichert; bitte keinen versicherten Wert angeben.</translation>
    </message>
    <message>
        <source>Choose an additional service from the list.</source>
        <translation>Bitte eine Zusatzleistung aus der Liste wählen.</translation>
    </message>
    <message>
        <source>{service} is already added.</source>
        <translation>{service} ist bereits hinzugefügt.</translation>
    </message>
    <message>
        <source>{carrier} does not offer {service}.</source>
        <translation>{carrier} bietet {service} nicht an.</translation>
    </message>
    <message>
        <source>{service} is only offered with {services}.</source>
        <translation>{service} gibt es nur mit {services}.</translation>
    </message>
    <message>
        <source>Saturday delivery needs the service Express or Express early morning.</source>
        <translation>Samstagszustellung gibt es nur mit Express oder Express Frühzustellung.</translation>
    </message>
    <message>
        <source>Enter the e-mail address (or, with DPD, the mobile number) to notify.</source>
        <translation>Bitte die E-Mail-Adresse (oder bei DPD die Handynummer) für die Ankündigung eingeben.</translation>
    </message>
    <message>
        <source>{carrier} cannot send notices by e-mail.</source>
        <translation>{carrier} kann keine Ankündigungen per E-Mail senden.</translation>
    </message>
    <message>
        <source>{carrier} cannot send text messages; use an e-mail address.</source>
        <translation>{carrier} kann keine SMS senden; bitte eine E-Mail-Adresse verwenden.</translation>
    </message>
    <message>
        <source>Choose a label format.</source>
        <translation>Bitte ein Etikettenformat wählen.</translation>
    </message>
    <message>
        <source>Choose a label size.</source>
        <translation>Bitte eine Etikettengröße wählen.</translation>
    </message>
    <message>
        <source>{carrier} does not print {format} labels; choose another label format.</source>
        <translation>{carrier} druckt keine Etiketten im Format {format}; bitte ein anderes Etikettenformat wählen.</translation>
    </message>
    <message>
        <source>{carrier} does not deliver to workplace parcel points.</source>
        <translation>{carrier} liefert nicht an Paketstationen am Arbeitsplatz.</translation>
    </message>
    <message>
        <source>Write {prefix}, a space, then the partner id, e.g. {prefix} A1B2C3D.</source>
        <translation>Bitte {prefix}, ein Leerzeichen und dann die Partner-ID schreiben, z. B. {prefix} A1B2C3D.</translation>
    </message>
    <message>
        <source>A partner id has 7 capital letters or digits, e.g. A1B2C3D.</source>
        <translation>Eine Partner-ID hat 7 Großbuchstaben oder Ziffern, z. B. A1B2C3D.</translation>
    </message>
    <message>
        <source>{carrier} does not deliver to locker stations.</source>
        <translation>{carrier} liefert nicht an Packstationen.</translation>
    </message>
    <message>
        <source>{carrier} does not deliver to post branches.</source>
        <translation>{carrier} liefert nicht an Postfilialen.</translation>
    </message>
    <message>
        <source>Enter the receiver&apos;s customer number (Postnummer, 6 to 10 digits).</source>
        <translation>Bitte die Postnummer des Empfängers eingeben (6 bis 10 Ziffern).</translation>
    </message>
    <message>
        <source>Enter the 3-digit number of the locker station.</source>
        <translation>Bitte die dreistellige Nummer der Packstation eingeben.</translation>
    </message>
    <message>
        <source>Enter the 3-digit number of the post branch.</source>
        <translation>Bitte die dreistellige Nummer der Postfiliale eingeben.</translation>
    </message>
    <message>
        <source>{carrier} takes no pickup requests.</source>
        <translation>{carrier} nimmt keine Abholaufträge an.</translation>
    </message>
    <message>
        <source>The latest pickup time must be after the earliest.</source>
        <translation>Die späteste Abholzeit muss nach der frühesten liegen.</translation>
    </message>
    <message>
        <source>This shipment is listed twice.</source>
        <translation>Diese Sendung ist doppelt aufgeführt.</translation>
    </message>
    <message>
        <source>Choose an event type.</source>
        <translation>Bitte eine Ereignisart wählen.</translation>
    </message>
    <message>
        <source>This event type is listed twice.</source>
        <translation>Diese Ereignisart ist doppelt aufgeführt.</translation>
    </message>
    <message>
        <source>Only user name and password are possible here.</source>
        <translation>Hier sind nur Benutzername und Passwort möglich.</translation>
    </message>
    <message>
        <source>A rule needs a condition, an allow list or a deny list.</source>
        <translation>Eine Regel braucht eine Bedingung, eine Erlaubt- oder eine Verboten-Liste.</translation>
    </message>
    <message>
        <source>Choose what the rule tests.</source>
        <translation>Bitte wählen, was die Regel prüft.</translation>
    </message>
    <message>
        <source>Choose a comparison.</source>
        <translation>Bitte einen Vergleich wählen.</translation>
    </message>
    <message>
        <source>Enter a value to compare with.</source>
        <translation>Bitte einen Vergleichswert eingeben.</translation>
    </message>
    <message>
        <source>This rule is too large.</source>
        <translation>Diese Regel ist zu groß.</translation>
    </message>
    <message>
        <source>This rule is nested too deeply.</source>
        <translation>Diese Regel ist zu tief verschachtelt.</translation>
    </message>
    <message>
        <source>A postcode in {country} looks like {example}.</source>
        <translation>Eine Postleitzahl in {country} sieht so aus: {example}.</translation>
    </message>
    <message>
        <source>Saturday delivery is only for parcels sent on a Friday.</source>
        <translation>Samstagszustellung gibt es nur für Pakete, die an einem Freitag verschickt werden.</translation>
    </message>
    <message>
        <source>A parcel to or from {place} crosses a customs border: declare its contents.</source>
        <translation>Ein Paket nach oder aus {place} geht über eine Zollgrenze: geben Sie seinen Inhalt an.</translation>
    </message>
    <message>
        <source>Choose what the parcel contains (goods, gift, documents ...).</source>
        <translation>Wählen Sie, was das Paket enthält (Waren, Geschenk, Dokumente …).</translation>
    </message>
    <message>
        <source>{carrier} takes customs values in {currencies} only.</source>
        <translation>{carrier} nimmt Zollwerte nur in {currencies} an.</translation>
    </message>
    <message>
        <source>Enter what the contents are worth; customs take no goods worth 0.</source>
        <translation>Geben Sie den Wert des Inhalts an; der Zoll nimmt keine Waren mit dem Wert 0 an.</translation>
    </message>
    <message>
        <source>Goods worth more than {amount} {currency} need an export declaration: enter its MRN.</source>
        <translation>Waren über {amount} {currency} brauchen eine Ausfuhranmeldung: geben Sie ihre MRN an.</translation>
    </message>
    <message>
        <source>An MRN has 18 characters, e.g. 25DE123456789012A4.</source>
        <translation>Eine MRN hat 18 Zeichen, z. B. 25DE123456789012A4.</translation>
    </message>
    <message>
        <source>This destination needs the seller&apos;s {what}, e.g. {example}.</source>
        <translation>Dieses Ziel verlangt die {what} des Verkäufers, z. B. {example}.</translation>
    </message>
    <message>
        <source>Enter the seller&apos;s {what} in its form, e.g. {example}.</source>
        <translation>Geben Sie die {what} des Verkäufers in ihrer Form ein, z. B. {example}.</translation>
    </message>
    <message>
        <source>If the seller is registered, enter its {what} (e.g. {example}); otherwise the receiver pays the import tax on delivery.</source>
        <translation>Ist der Verkäufer registriert, geben Sie seine {what} ein (z. B. {example}); sonst zahlt der Empfänger die Einfuhrsteuer bei der Zustellung.</translation>
    </message>
    <message>
        <source>Customs refuse “{text}” alone: say what the item is and what it is made of.</source>
        <translation>Der Zoll lehnt „{text}“ allein ab: nennen Sie, was der Artikel ist und woraus er besteht.</translation>
    </message>
    <message>
        <source>Commercial goods need their customs tariff number (HS code, 6 to 10 digits).</source>
        <translation>Handelswaren brauchen ihre Zolltarifnummer (HS-Code, 6 bis 10 Ziffern).</translation>
    </message>
    <message>
        <source>Enter the HS code as 6 to 10 digits, e.g. 610910.</source>
        <translation>Geben Sie den HS-Code mit 6 bis 10 Ziffern ein, z. B. 610910.</translation>
    </message>
    <message>
        <source>Enter a whole number of 1 or more.</source>
        <translation>Geben Sie eine ganze Zahl ab 1 ein.</translation>
    </message>
    <message>
        <source>{carrier} needs a description of the contents for parcels abroad.</source>
        <translation>{carrier} braucht für Pakete ins Ausland eine Beschreibung des Inhalts.</translation>
    </message>
    <message>
        <source>The items add up to {items}, the total says {total}.</source>
        <translation>Die Artikel ergeben zusammen {items}, der Gesamtwert sagt {total}.</translation>
    </message>
    <message>
        <source>Choose a delivery term.</source>
        <translation>Wählen Sie eine Lieferbedingung.</translation>
    </message>
    <message>
        <source>Choose who pays: the receiver, the sender or a third party.</source>
        <translation>Wählen Sie, wer zahlt: der Empfänger, der Absender oder ein Dritter.</translation>
    </message>
    <message>
        <source>Choose a reason for the return.</source>
        <translation>Wählen Sie einen Grund für die Rücksendung.</translation>
    </message>
    <message>
        <source>This could not be checked; please review it.</source>
        <translation>Das konnte nicht geprüft werden; bitte kontrollieren.</translation>
    </message>
    <message>
        <source>No weight: weigh it, type it, or give the product a weight.</source>
        <translation>Kein Gewicht: wiegen, eintippen oder dem Produkt ein Gewicht geben.</translation>
    </message>
</context>
<context>
    <name>Products</name>
    <message>
        <source>SKU</source>
        <extracomment>(Product field, column title) in the table&apos;s order</extracomment>
        <translation>Artikelnummer</translation>
    </message>
    <message>
        <source>GTIN / EAN</source>
        <translation>GTIN / EAN</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Weight (kg)</source>
        <translation>Gewicht (kg)</translation>
    </message>
    <message>
        <source>Length (cm)</source>
        <translation>Länge (cm)</translation>
    </message>
    <message>
        <source>Width (cm)</source>
        <translation>Breite (cm)</translation>
    </message>
    <message>
        <source>Height (cm)</source>
        <translation>Höhe (cm)</translation>
    </message>
    <message>
        <source>HS code</source>
        <translation>Zolltarifnummer</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Ursprungsland</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Open a profile first.</source>
        <translation>Öffnen Sie zuerst ein Profil.</translation>
    </message>
    <message>
        <source>A product needs its SKU.</source>
        <translation>Ein Produkt braucht seine Artikelnummer.</translation>
    </message>
    <message>
        <source>Another product has the SKU {sku}.</source>
        <translation>Ein anderes Produkt hat die Artikelnummer {sku}.</translation>
    </message>
    <message>
        <source>Enter a number (0 or more).</source>
        <translation>Geben Sie eine Zahl ein (0 oder mehr).</translation>
    </message>
    <message>
        <source>A GTIN has 8, 12, 13 or 14 digits.</source>
        <translation>Eine GTIN hat 8, 12, 13 oder 14 Ziffern.</translation>
    </message>
    <message>
        <source>Enter the country of origin as a code or name.</source>
        <translation>Geben Sie das Ursprungsland als Code oder Namen ein.</translation>
    </message>
    <message>
        <source>An HS code has digits only.</source>
        <translation>Eine Zolltarifnummer besteht nur aus Ziffern.</translation>
    </message>
    <message>
        <source>Could not read {name}: {exc}</source>
        <translation>{name} konnte nicht gelesen werden: {exc}</translation>
    </message>
    <message numerus="yes">
        <source>%n product(s) imported from {name}.</source>
        <translation>
            <numerusform>%n Produkt aus {name} importiert.</numerusform>
            <numerusform>%n Produkte aus {name} importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search SKU, GTIN or name</source>
        <translation>Artikelnummer, GTIN oder Bezeichnung suchen</translation>
    </message>
    <message>
        <source>New SKU</source>
        <translation>Neue Artikelnummer</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Import products…</source>
        <translation>Produkte importieren…</translation>
    </message>
    <message>
        <source>Orders without weights take them from here; the pack check scans these GTINs; customs declarations read HS code, origin and value.</source>
        <translation>Bestellungen ohne Gewicht nehmen es von hier; die Packkontrolle scannt diese GTINs; Zollerklärungen lesen Zolltarifnummer, Ursprungsland und Wert.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Added {sku}: fill in its weight and sizes.</source>
        <translation>{sku} hinzugefügt: Tragen Sie Gewicht und Maße ein.</translation>
    </message>
    <message>
        <source>Import products</source>
        <translation>Produkte importieren</translation>
    </message>
    <message>
        <source>Product lists (*.csv *.txt *.xlsx *.xlsm);;All files (*)</source>
        <translation>Produktlisten (*.csv *.txt *.xlsx *.xlsm);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) without a SKU or with a weight that is no number left out (line {lines}).</source>
        <translation>
            <numerusform>%n Zeile ohne SKU oder mit einem Gewicht, das keine Zahl ist, ausgelassen (Zeile {lines}).</numerusform>
            <numerusform>%n Zeilen ohne SKU oder mit einem Gewicht, das keine Zahl ist, ausgelassen (Zeile {lines}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n without a weight in the file ({skus}): enter it here.</source>
        <translation>
            <numerusform>%n ohne Gewicht in der Datei ({skus}): hier eintragen.</numerusform>
            <numerusform>%n ohne Gewicht in der Datei ({skus}): hier eintragen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The shop&apos;s ids of %n product(s) learned for its order exports.</source>
        <translation>
            <numerusform>Die Shop-ID von %n Artikel für seine Bestellexporte gelernt.</numerusform>
            <numerusform>Die Shop-IDs von %n Artikeln für seine Bestellexporte gelernt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Profiles</name>
    <message>
        <source>sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>A profile called “{name}” already exists.</source>
        <extracomment>every code the profiles layer gives, worded in the UI language</extracomment>
        <translation>Ein Profil namens „{name}“ gibt es schon.</translation>
    </message>
    <message>
        <source>A profile with the id {id} already exists.</source>
        <translation>Ein Profil mit der ID {id} gibt es schon.</translation>
    </message>
    <message>
        <source>There is no profile with the id {id}.</source>
        <translation>Es gibt kein Profil mit der ID {id}.</translation>
    </message>
    <message>
        <source>The API key is empty.</source>
        <translation>Der API-Schlüssel fehlt.</translation>
    </message>
    <message>
        <source>The key must be checked with the service before saving.</source>
        <translation>Der Schlüssel muss vor dem Speichern beim Dienst geprüft werden.</translation>
    </message>
    <message>
        <source>The profile&apos;s service or type changed: check the saved key again before saving.</source>
        <translation>Dienst oder Art des Profils haben sich geändert: Prüfen Sie den gespeicherten Schlüssel vor dem Speichern erneut.</translation>
    </message>
    <message>
        <source>This is a sandbox (test) key, but the profile is a live profile: enter the account&apos;s live key, or make this a sandbox profile.</source>
        <translation>Das ist ein Sandbox-Schlüssel (Test), das Profil ist aber ein Live-Profil: Geben Sie den Live-Schlüssel des Kontos ein oder machen Sie daraus ein Sandbox-Profil.</translation>
    </message>
    <message>
        <source>This is a live key, but the profile is a {environment} profile: enter the account&apos;s sandbox (test) key, or make this a live profile.</source>
        <translation>Das ist ein Live-Schlüssel, das Profil ist aber ein {environment}-Profil: Geben Sie den Sandbox-Schlüssel (Test) des Kontos ein oder machen Sie daraus ein Live-Profil.</translation>
    </message>
    <message>
        <source>The service reported an unknown key type: {message}</source>
        <translation>Der Dienst meldet eine unbekannte Schlüsselart: {message}</translation>
    </message>
    <message>
        <source>There is exactly one built-in Local sandbox profile.</source>
        <translation>Es gibt genau ein eingebautes Profil „Lokale Testumgebung“.</translation>
    </message>
    <message>
        <source>The built-in Local sandbox profile stays built-in.</source>
        <translation>Das eingebaute Profil „Lokale Testumgebung“ bleibt eingebaut.</translation>
    </message>
    <message>
        <source>The Local sandbox needs no configuration: its address and type are fixed.</source>
        <translation>Die lokale Testumgebung braucht keine Einrichtung: Adresse und Art stehen fest.</translation>
    </message>
    <message>
        <source>The Local sandbox reads its key from its own service.</source>
        <translation>Die lokale Testumgebung liest ihren Schlüssel aus ihrem eigenen Dienst.</translation>
    </message>
    <message>
        <source>The built-in Local sandbox profile cannot be deleted.</source>
        <translation>Das eingebaute Profil „Lokale Testumgebung“ kann nicht gelöscht werden.</translation>
    </message>
    <message>
        <source>The Local sandbox service is not running.</source>
        <translation>Der Dienst der lokalen Testumgebung läuft nicht.</translation>
    </message>
    <message>
        <source>The profile “{name}” has no API key yet.</source>
        <translation>Das Profil „{name}“ hat noch keinen API-Schlüssel.</translation>
    </message>
    <message>
        <source>The key of “{name}” has not been checked with the service yet.</source>
        <translation>Der Schlüssel von „{name}“ wurde noch nicht beim Dienst geprüft.</translation>
    </message>
    <message>
        <source>Default sender: {message}</source>
        <translation>Standardabsender: {message}</translation>
    </message>
    <message>
        <source>The address must start with https:// (Packdesk talks HTTPS only): {url}</source>
        <translation>Die Adresse muss mit https:// beginnen (Packdesk verbindet sich nur über HTTPS): {url}</translation>
    </message>
    <message>
        <source>The address {url} has no host name.</source>
        <translation>Die Adresse {url} enthält keinen Servernamen.</translation>
    </message>
    <message>
        <source>The address must not contain a user name or password.</source>
        <translation>Die Adresse darf keinen Benutzernamen und kein Passwort enthalten.</translation>
    </message>
    <message>
        <source>The address must not contain a query (?) or a fragment (#).</source>
        <translation>Die Adresse darf keine Abfrage (?) und keinen Anker (#) enthalten.</translation>
    </message>
    <message>
        <source>The address {url} has an invalid port.</source>
        <translation>Die Adresse {url} hat einen ungültigen Port.</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>Geben Sie dem Profil einen Namen.</translation>
    </message>
    <message>
        <source>A profile name has at most 80 characters.</source>
        <translation>Ein Profilname hat höchstens 80 Zeichen.</translation>
    </message>
    <message>
        <source>The built-in Local sandbox profile is a sandbox profile.</source>
        <translation>Das eingebaute Profil „Lokale Testumgebung“ ist ein Testprofil.</translation>
    </message>
    <message>
        <source>A live profile must not use a loopback address ({host}): live shipments go to the real service. Force it only for a local test service.</source>
        <translation>Ein Live-Profil darf keine lokale Adresse ({host}) verwenden: Live-Sendungen gehen an den echten Dienst. Erzwingen Sie das nur für einen lokalen Testdienst.</translation>
    </message>
    <message>
        <source>The saved profile “{name}” could not be loaded.</source>
        <translation>Das gespeicherte Profil „{name}“ konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>The list of profiles ({file}) could not be read.</source>
        <translation>Die Profilliste ({file}) konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>A second profile called “{name}” was left out.</source>
        <translation>Ein zweites Profil namens „{name}“ wurde weggelassen.</translation>
    </message>
    <message>
        <source>A second built-in Local sandbox profile was left out.</source>
        <translation>Ein zweites eingebautes Profil „Lokale Testumgebung“ wurde weggelassen.</translation>
    </message>
    <message>
        <source>Packdesk repaired its list of profiles; the original is kept as {file}.</source>
        <translation>Packdesk hat die Profilliste repariert; das Original liegt als {file} daneben.</translation>
    </message>
    <message>
        <source>{field}: {message}</source>
        <translation>{field}: {message}</translation>
    </message>
</context>
<context>
    <name>Scale</name>
    <message>
        <source>Scale: %1 kg, stable</source>
        <translation>Waage: %1 kg, ruhig</translation>
    </message>
    <message>
        <source>Scale: %1 kg, settling…</source>
        <translation>Waage: %1 kg, kommt zur Ruhe …</translation>
    </message>
    <message>
        <source>Scale: connecting…</source>
        <translation>Waage: Verbindung wird aufgebaut …</translation>
    </message>
    <message>
        <source>Scale disconnected: plug it in (it is picked up again)</source>
        <translation>Waage getrennt: bitte anschließen (sie wird wieder erkannt)</translation>
    </message>
    <message>
        <source>Scale cannot be used: %1</source>
        <translation>Waage nicht nutzbar: %1</translation>
    </message>
    <message>
        <source>Scale not ready: %1</source>
        <translation>Waage nicht bereit: %1</translation>
    </message>
    <message>
        <source>Scale: no current weight</source>
        <translation>Waage: kein aktuelles Gewicht</translation>
    </message>
    <message>
        <source>Use weight (%1)</source>
        <translation>Gewicht übernehmen (%1)</translation>
    </message>
    <message>
        <source>Use the scale&apos;s weight</source>
        <translation>Gewicht der Waage übernehmen</translation>
    </message>
</context>
<context>
    <name>ScaleErrors</name>
    <message>
        <source>the scale reports a fault</source>
        <translation>die Waage meldet einen Fehler</translation>
    </message>
    <message>
        <source>over capacity: remove weight from the scale</source>
        <translation>über der Höchstlast: Gewicht von der Waage nehmen</translation>
    </message>
    <message>
        <source>the scale reads below zero: empty it and press zero</source>
        <translation>die Waage zeigt unter null: leeren und Null drücken</translation>
    </message>
    <message>
        <source>the scale needs calibrating</source>
        <translation>die Waage muss kalibriert werden</translation>
    </message>
    <message>
        <source>the scale needs re-zeroing: empty it and press zero</source>
        <translation>die Waage muss neu genullt werden: leeren und Null drücken</translation>
    </message>
    <message>
        <source>no stable weight yet (still moving?)</source>
        <translation>noch kein ruhiges Gewicht (bewegt es sich noch?)</translation>
    </message>
    <message>
        <source>the scale reports a unit this app does not know</source>
        <translation>die Waage meldet eine Einheit, die diese App nicht kennt</translation>
    </message>
    <message>
        <source>the scale is not connected</source>
        <translation>die Waage ist nicht angeschlossen</translation>
    </message>
    <message>
        <source>the scale cannot be opened (in use, or no access to the port?)</source>
        <translation>die Waage lässt sich nicht öffnen (belegt oder kein Zugriff auf den Anschluss?)</translation>
    </message>
    <message>
        <source>the connection to the scale was lost</source>
        <translation>die Verbindung zur Waage ist abgebrochen</translation>
    </message>
    <message>
        <source>the scale does not answer (switched off, wrong protocol or speed?)</source>
        <translation>die Waage antwortet nicht (ausgeschaltet, falsches Protokoll oder falsche Geschwindigkeit?)</translation>
    </message>
    <message>
        <source>this kind of scale needs a package that is not installed</source>
        <translation>diese Art Waage braucht ein Paket, das nicht installiert ist</translation>
    </message>
    <message>
        <source>zero it on the scale itself</source>
        <translation>an der Waage selbst nullen</translation>
    </message>
    <message>
        <source>the scale could not zero (moving or outside its zero range)</source>
        <translation>die Waage konnte nicht nullen (in Bewegung oder außerhalb ihres Nullbereichs)</translation>
    </message>
</context>
<context>
    <name>Scan</name>
    <message>
        <source>Take the last parcel off the scale</source>
        <translation>Letztes Paket von der Waage nehmen</translation>
    </message>
    <message>
        <source>Order %1 ships with the next steady weight once the scale was empty.
%2
F2 ships with the weight shown; or type the weight and press Enter.</source>
        <translation>Bestellung %1 wird mit dem nächsten ruhigen Gewicht versendet, sobald die Waage leer war.
%2
F2 versendet mit dem angezeigten Gewicht; oder das Gewicht eingeben und Enter drücken.</translation>
    </message>
    <message>
        <source>Scan an order or an item</source>
        <translation>Bestellung oder Artikel scannen</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Scannen</translation>
    </message>
    <message>
        <source>F2 ship now · F3 next preset · F4 reprint · F5 read orders · F6 ship incomplete · F7 open in form · Esc confirm / drop order</source>
        <translation>F2 jetzt versenden · F3 nächste Vorlage · F4 erneut drucken · F5 Bestellungen lesen · F6 unvollständig versenden · F7 im Formular öffnen · Esc bestätigen / Bestellung verwerfen</translation>
    </message>
    <message>
        <source>Ready: scan an order</source>
        <extracomment>the banner&apos;s backgrounds under white text, the same in every scheme (own colours, not the semantic ones a scheme change swaps)</extracomment>
        <translation>Bereit: Bestellung scannen</translation>
    </message>
    <message>
        <source>Weight in kg, then Enter</source>
        <translation>Gewicht in kg, dann Enter</translation>
    </message>
    <message>
        <source>Press Esc to confirm the message, then scan again.</source>
        <extracomment>when the last code was scanned (a station with people reports it: scan-to-label) at a station with people: asks who releases an incomplete order, and why (None: not released; &quot;&quot; or unset: F6 ships with the station&apos;s own reason) the actions waiting for their turn, oldest first</extracomment>
        <translation>Mit Esc die Meldung bestätigen, dann erneut scannen.</translation>
    </message>
    <message>
        <source>No order to open: scan an order first</source>
        <translation>Keine Bestellung zum Öffnen: Scannen Sie zuerst eine Bestellung</translation>
    </message>
    <message>
        <source>Order %1 is in the New shipment form</source>
        <translation>Bestellung %1 ist im Formular „Neue Sendung“</translation>
    </message>
    <message>
        <source>Complete it there and create its label; then scan the next order.</source>
        <translation>Vervollständigen Sie sie dort und erstellen Sie ihr Etikett; scannen Sie dann die nächste Bestellung.</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Wait until the service is connected, then scan again.</source>
        <translation>Warten, bis der Dienst verbunden ist, dann erneut scannen.</translation>
    </message>
    <message numerus="yes">
        <source>%n new order(s)</source>
        <translation>
            <numerusform>%n neue Bestellung</numerusform>
            <numerusform>%n neue Bestellungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Orders read from the service. Scan an order.</source>
        <translation>Bestellungen vom Dienst gelesen. Bestellung scannen.</translation>
    </message>
    <message>
        <source>Order dropped: scan an order</source>
        <translation>Bestellung verworfen: Bestellung scannen</translation>
    </message>
    <message>
        <source>Press Esc to confirm.</source>
        <translation>Mit Esc bestätigen.</translation>
    </message>
    <message>
        <source>Weight: –</source>
        <translation>Gewicht: –</translation>
    </message>
    <message>
        <source>Weight: %1 kg</source>
        <translation>Gewicht: %1 kg</translation>
    </message>
    <message>
        <source>No shipping preset fits (F3 chooses one)</source>
        <translation>Keine Versandvorlage passt (F3 wählt eine)</translation>
    </message>
    <message>
        <source>Preset: %1 (F3 switches)</source>
        <translation>Vorlage: %1 (F3 wechselt)</translation>
    </message>
    <message>
        <source>Order %1</source>
        <translation>Bestellung %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Order %1 shipped: label and packing slip are printing. Scan the next order.</source>
        <translation>Bestellung %1 versendet: Etikett und Lieferschein werden gedruckt. Nächste Bestellung scannen.</translation>
    </message>
    <message>
        <source>Printing again</source>
        <translation>Wird erneut gedruckt</translation>
    </message>
    <message>
        <source>Label and packing slip of order %1.</source>
        <translation>Etikett und Lieferschein der Bestellung %1.</translation>
    </message>
    <message>
        <source>Choose watched folder…</source>
        <translation>Überwachten Ordner wählen…</translation>
    </message>
    <message>
        <source>Watched folder: %1</source>
        <translation>Überwachter Ordner: %1</translation>
    </message>
    <message>
        <source>No watched folder</source>
        <translation>Kein überwachter Ordner</translation>
    </message>
    <message>
        <source>Folder the shop drops its order exports into</source>
        <translation>Ordner, in den der Shop seine Bestellexporte legt</translation>
    </message>
    <message>
        <source>Watched folder not usable: %1</source>
        <translation>Überwachter Ordner nicht nutzbar: %1</translation>
    </message>
    <message>
        <source>it is not a text table in a known encoding: save it as CSV UTF-8 or XLSX</source>
        <extracomment>why a file could not be read at all, by `FileReport.reason`</extracomment>
        <translation>sie ist keine Texttabelle in einer bekannten Kodierung: Speichern Sie sie als CSV UTF-8 oder XLSX</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>the file has no header row</source>
        <translation>die Datei hat keine Kopfzeile</translation>
    </message>
    <message>
        <source>the file is not a valid CSV table</source>
        <translation>die Datei ist keine gültige CSV-Tabelle</translation>
    </message>
    <message>
        <source>the file cannot be read</source>
        <translation>die Datei kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>the file holds no orders</source>
        <translation>die Datei enthält keine Bestellungen</translation>
    </message>
    <message>
        <source>no order of the file is complete</source>
        <translation>keine Bestellung der Datei ist vollständig</translation>
    </message>
    <message>
        <source>Order {number}: {problems}</source>
        <extracomment>refused orders the status names one by one (the rest are counted)</extracomment>
        <translation>Bestellung {number}: {problems}</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more order(s) with problems.</source>
        <translation>
            <numerusform>… und %n weitere Bestellung mit Problemen.</numerusform>
            <numerusform>… und %n weitere Bestellungen mit Problemen.</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} could not be imported: {why}.</source>
        <translation>{file} konnte nicht importiert werden: {why}.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n order(s) imported; these were not:</source>
        <translation>
            <numerusform>%1: %n Bestellung importiert; diese nicht:</numerusform>
            <numerusform>%1: %n Bestellungen importiert; diese nicht:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n order(s) imported</source>
        <translation>
            <numerusform>%1: %n Bestellung importiert</numerusform>
            <numerusform>%1: %n Bestellungen importiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Order %1 has shipped already</source>
        <translation>Bestellung %1 ist bereits versendet</translation>
    </message>
    <message>
        <source>Tracking number %1. F4 prints label and slip again; nothing is shipped twice.</source>
        <translation>Sendungsnummer %1. F4 druckt Etikett und Lieferschein erneut; nichts wird doppelt versendet.</translation>
    </message>
    <message numerus="yes">
        <source>%n orders hold this item</source>
        <translation>
            <numerusform>%n Bestellung enthält diesen Artikel</numerusform>
            <numerusform>%n Bestellungen enthalten diesen Artikel</numerusform>
        </translation>
    </message>
    <message>
        <source>Type the number of the order and Enter:</source>
        <translation>Nummer der Bestellung eingeben und Enter:</translation>
    </message>
    <message>
        <source>Packed: %1</source>
        <translation>Verpackt: %1</translation>
    </message>
    <message numerus="yes">
        <source>Scan the items: %n to go (F6 ships without them).</source>
        <translation>
            <numerusform>Artikel scannen: noch %n (F6 versendet ohne sie).</numerusform>
            <numerusform>Artikel scannen: noch %n (F6 versendet ohne sie).</numerusform>
        </translation>
    </message>
    <message>
        <source>Put the parcel on the scale, or type the weight and press Enter.</source>
        <translation>Paket auf die Waage legen oder Gewicht eingeben und Enter drücken.</translation>
    </message>
    <message>
        <source>Press F2 to ship.</source>
        <translation>F2 drücken zum Versenden.</translation>
    </message>
    <message>
        <source>Scale: no current weight</source>
        <translation>Waage: kein aktuelles Gewicht</translation>
    </message>
    <message>
        <source>Order %1: waiting for a stable weight</source>
        <translation>Bestellung %1: warte auf ein ruhiges Gewicht</translation>
    </message>
    <message>
        <source>%1
It ships as soon as the scale is steady (or type the weight and press Enter).</source>
        <translation>%1
Das Paket wird versendet, sobald die Waage ruhig ist (oder Gewicht eingeben und Enter drücken).</translation>
    </message>
    <message>
        <source>No order %1</source>
        <translation>Keine Bestellung %1</translation>
    </message>
    <message>
        <source>Check the barcode, or press F5 to read the orders again.</source>
        <translation>Barcode prüfen oder mit F5 die Bestellungen neu lesen.</translation>
    </message>
    <message>
        <source>Not in this order: %1</source>
        <translation>Nicht in dieser Bestellung: %1</translation>
    </message>
    <message>
        <source>Put the item back and scan the items of order %1.</source>
        <translation>Artikel zurücklegen und die Artikel der Bestellung %1 scannen.</translation>
    </message>
    <message>
        <source>Already packed: %1</source>
        <translation>Schon verpackt: %1</translation>
    </message>
    <message>
        <source>The order has no more of it. Put it back.</source>
        <translation>Die Bestellung enthält nicht mehr davon. Bitte zurücklegen.</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) still missing</source>
        <translation>
            <numerusform>%n Artikel fehlt noch</numerusform>
            <numerusform>%n Artikel fehlen noch</numerusform>
        </translation>
    </message>
    <message>
        <source>Scan the missing items, or press F6 to ship anyway (recorded).</source>
        <translation>Fehlende Artikel scannen oder mit F6 trotzdem versenden (wird vermerkt).</translation>
    </message>
    <message>
        <source>Weight needed</source>
        <translation>Gewicht fehlt</translation>
    </message>
    <message>
        <source>No shipping preset fits</source>
        <translation>Keine Versandvorlage passt</translation>
    </message>
    <message>
        <source>Press F3 to choose a preset.</source>
        <translation>Mit F3 eine Vorlage wählen.</translation>
    </message>
    <message>
        <source>The shipment is not valid</source>
        <translation>Die Sendung ist nicht gültig</translation>
    </message>
    <message>
        <source>The service refused the shipment</source>
        <translation>Der Dienst hat die Sendung abgelehnt</translation>
    </message>
    <message>
        <source>An earlier attempt for order %1 is not settled</source>
        <translation>Ein früherer Versuch für Bestellung %1 ist noch offen</translation>
    </message>
    <message>
        <source>Wait a moment and scan again; nothing is shipped twice.</source>
        <translation>Kurz warten und erneut scannen; nichts wird doppelt versendet.</translation>
    </message>
    <message>
        <source>Scan an order first</source>
        <translation>Zuerst eine Bestellung scannen</translation>
    </message>
    <message>
        <source>Weight: %1 kg (%2)</source>
        <translation>Gewicht: %1 kg (%2)</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>&amp;Profiles</source>
        <extracomment>the Settings tabs in order</extracomment>
        <translation>&amp;Profile</translation>
    </message>
    <message>
        <source>P&amp;rinters</source>
        <translation>&amp;Drucker</translation>
    </message>
    <message>
        <source>Sc&amp;ales</source>
        <translation>W&amp;aagen</translation>
    </message>
    <message>
        <source>Pr&amp;eferences</source>
        <translation>&amp;Vorgaben</translation>
    </message>
    <message>
        <source>S&amp;tation</source>
        <translation>S&amp;tation</translation>
    </message>
    <message>
        <source>Sh&amp;ipping presets</source>
        <translation>Versandvor&amp;lagen</translation>
    </message>
    <message>
        <source>Sh&amp;ops</source>
        <translation>Sh&amp;ops</translation>
    </message>
    <message>
        <source>&amp;Webhooks</source>
        <translation>&amp;Webhooks</translation>
    </message>
    <message>
        <source>Pro&amp;ducts</source>
        <translation>Produ&amp;kte</translation>
    </message>
    <message>
        <source>Print the label automatically after it is created</source>
        <translation>Etikett nach dem Erstellen automatisch drucken</translation>
    </message>
    <message>
        <source>Automatic (chosen for the printer)</source>
        <translation>Automatisch (passend zum Drucker)</translation>
    </message>
    <message numerus="yes">
        <source> copies</source>
        <translation>
            <numerusform> Exemplar</numerusform>
            <numerusform> Exemplare</numerusform>
        </translation>
    </message>
    <message>
        <source> kg</source>
        <translation> kg</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source> cm</source>
        <translation> cm</translation>
    </message>
    <message>
        <source>Printing</source>
        <translation>Drucken</translation>
    </message>
    <message>
        <source>Copies per label</source>
        <translation>Exemplare pro Etikett</translation>
    </message>
    <message>
        <source>Label format</source>
        <translation>Etikettenformat</translation>
    </message>
    <message>
        <source>New shipment form</source>
        <translation>Formular für neue Sendungen</translation>
    </message>
    <message>
        <source>Default carrier</source>
        <translation>Standard-Paketdienst</translation>
    </message>
    <message>
        <source>Default service</source>
        <translation>Standard-Versandart</translation>
    </message>
    <message>
        <source>Default weight</source>
        <translation>Standardgewicht</translation>
    </message>
    <message>
        <source>Default size (L x W x H)</source>
        <translation>Standardmaße (L x B x H)</translation>
    </message>
    <message>
        <source>Save preferences</source>
        <translation>Vorgaben speichern</translation>
    </message>
    <message>
        <source>Language of Packdesk (all profiles)</source>
        <translation>Sprache von Packdesk (alle Profile)</translation>
    </message>
    <message>
        <source>System ({0})</source>
        <translation>Systemsprache ({0})</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Saved. Close and start Packdesk again to see it in the new language.</source>
        <translation>Gespeichert. Packdesk schließen und erneut starten, um es in der neuen Sprache zu sehen.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Preferences of &lt;b&gt;{name}&lt;/b&gt;</source>
        <translation>Vorgaben für &lt;b&gt;{name}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No profile is open</source>
        <translation>Kein Profil geöffnet</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
    <message>
        <source>Preferences saved.</source>
        <translation>Vorgaben gespeichert.</translation>
    </message>
    <message>
        <source>Network (raw TCP, port 9100)</source>
        <translation>Netzwerk (TCP, Port 9100)</translation>
    </message>
    <message>
        <source>CUPS queue</source>
        <translation>CUPS-Warteschlange</translation>
    </message>
    <message>
        <source>USB (vendor:product)</source>
        <translation>USB (Hersteller:Produkt)</translation>
    </message>
    <message>
        <source>Serial port</source>
        <translation>Serielle Schnittstelle</translation>
    </message>
    <message>
        <source>Windows printer</source>
        <translation>Windows-Drucker</translation>
    </message>
    <message>
        <source>Folder (save each label)</source>
        <translation>Ordner (jedes Etikett als Datei)</translation>
    </message>
    <message>
        <source>System printer (PDF through Qt)</source>
        <translation>Systemdrucker (PDF über Qt)</translation>
    </message>
    <message>
        <source>PDF files (through Qt)</source>
        <translation>PDF-Dateien (über Qt)</translation>
    </message>
    <message>
        <source>ZPL {dpi} dpi, {stock}</source>
        <translation>ZPL {dpi} dpi, {stock}</translation>
    </message>
    <message>
        <source>PDF, {paper}</source>
        <translation>PDF, {paper}</translation>
    </message>
    <message>
        <source>Edit printer</source>
        <translation>Drucker bearbeiten</translation>
    </message>
    <message>
        <source>Add a printer</source>
        <translation>Drucker hinzufügen</translation>
    </message>
    <message>
        <source>ZPL label printer (thermal)</source>
        <translation>ZPL-Etikettendrucker (Thermo)</translation>
    </message>
    <message>
        <source>PDF printer (office or label)</source>
        <translation>PDF-Drucker (Büro oder Etiketten)</translation>
    </message>
    <message>
        <source>printer&apos;s own</source>
        <translation>Druckereinstellung</translation>
    </message>
    <message>
        <source> dots</source>
        <translation> Punkte</translation>
    </message>
    <message>
        <source> dot rows</source>
        <translation> Punktzeilen</translation>
    </message>
    <message>
        <source> mm</source>
        <translation> mm</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Name</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>Ar&amp;t</translation>
    </message>
    <message>
        <source>&amp;Connection</source>
        <translation>Ver&amp;bindung</translation>
    </message>
    <message>
        <source>&amp;Address</source>
        <translation>&amp;Adresse</translation>
    </message>
    <message>
        <source>&amp;Resolution</source>
        <translation>Auf&amp;lösung</translation>
    </message>
    <message>
        <source>Label &amp;stock</source>
        <translation>&amp;Etikettenrolle</translation>
    </message>
    <message>
        <source>&amp;Darkness</source>
        <translation>Druck&amp;stärke</translation>
    </message>
    <message>
        <source>Label &amp;offset x, y</source>
        <translation>Etikett&amp;versatz x, y</translation>
    </message>
    <message>
        <source>Label &amp;top</source>
        <translation>Etikettan&amp;fang</translation>
    </message>
    <message>
        <source>&amp;Paper</source>
        <translation>&amp;Papier</translation>
    </message>
    <message>
        <source>Label position x, y</source>
        <translation>Etikettposition x, y</translation>
    </message>
    <message>
        <source>Enter a name for the printer.</source>
        <translation>Geben Sie einen Namen für den Drucker ein.</translation>
    </message>
    <message>
        <source>a printer called {name!r} already exists</source>
        <translation>ein Drucker namens „{name}“ existiert bereits</translation>
    </message>
    <message>
        <source>Discover printers</source>
        <extracomment>the user picked a found printer to add a scan or listing finished (how many were found)</extracomment>
        <translation>Drucker suchen</translation>
    </message>
    <message>
        <source>A host name, an address, or a network of at most /24</source>
        <translation>Ein Hostname, eine Adresse oder ein Netz von höchstens /24</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Durchsuchen</translation>
    </message>
    <message>
        <source>List CUPS queues</source>
        <translation>CUPS-Warteschlangen anzeigen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Add selected…</source>
        <translation>Ausgewählte hinzufügen …</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Asking CUPS for its queues…</source>
        <translation>CUPS wird nach Warteschlangen gefragt …</translation>
    </message>
    <message>
        <source>CUPS: {exc}</source>
        <translation>CUPS: {exc}</translation>
    </message>
    <message numerus="yes">
        <source>CUPS has %n queue(s).</source>
        <translation>
            <numerusform>CUPS hat %n Warteschlange.</numerusform>
            <numerusform>CUPS hat %n Warteschlangen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scanning %n address(es)…</source>
        <translation>
            <numerusform>%n Adresse wird durchsucht …</numerusform>
            <numerusform>%n Adressen werden durchsucht …</numerusform>
        </translation>
    </message>
    <message>
        <source>Printer {host}</source>
        <translation>Drucker {host}</translation>
    </message>
    <message>
        <source>answers on {port}</source>
        <translation>antwortet auf Port {port}</translation>
    </message>
    <message>
        <source>the scan took too long and was stopped</source>
        <translation>die Suche dauerte zu lange und wurde beendet</translation>
    </message>
    <message numerus="yes">
        <source>Found %n printer(s) on port {port}.</source>
        <translation>
            <numerusform>%n Drucker auf Port {port} gefunden.</numerusform>
            <numerusform>%n Drucker auf Port {port} gefunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Scan stopped. {0}</source>
        <translation>Suche beendet. {0}</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>a test print ended: (printer name, ok, message)</extracomment>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Used by this profile</source>
        <translation>Von diesem Profil verwendet</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen …</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten …</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Entfernen …</translation>
    </message>
    <message>
        <source>Discover…</source>
        <translation>Suchen …</translation>
    </message>
    <message>
        <source>Test print</source>
        <translation>Testdruck</translation>
    </message>
    <message>
        <source>Use for this profile</source>
        <translation>Für dieses Profil verwenden</translation>
    </message>
    <message>
        <source>Printers of this computer</source>
        <translation>Drucker dieses Computers</translation>
    </message>
    <message>
        <source>✔ in use</source>
        <extracomment>how long the status query waits for a printer&apos;s answer (seconds) definitions changed (added, edited, removed) or the assignment did a test print ended: (printer name, ok, message) a test print started or ended (the Test print button waits meanwhile)</extracomment>
        <translation>✔ in Verwendung</translation>
    </message>
    <message>
        <source>this profile</source>
        <translation>dieses Profil</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; prints to &lt;b&gt;{assigned}&lt;/b&gt;.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; druckt auf &lt;b&gt;{assigned}&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; names the printer &lt;b&gt;{assigned}&lt;/b&gt;, which is not defined here.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; nennt den Drucker &lt;b&gt;{assigned}&lt;/b&gt;, der hier nicht eingerichtet ist.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; has no printer yet: labels can be previewed and saved, not printed. Add or discover a printer, then choose “Use for this profile”.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; hat noch keinen Drucker: Etiketten lassen sich ansehen und speichern, aber nicht drucken. Drucker hinzufügen oder suchen, dann „Für dieses Profil verwenden“ wählen.</translation>
    </message>
    <message>
        <source>{model} reports {dpi} dpi and {stock} labels.</source>
        <translation>{model} meldet {dpi} dpi und Etiketten {stock}.</translation>
    </message>
    <message>
        <source>The printer</source>
        <translation>Der Drucker</translation>
    </message>
    <message>
        <source>Printer {name!r} saved.</source>
        <translation>Drucker „{name}“ gespeichert.</translation>
    </message>
    <message>
        <source>Remove printer</source>
        <translation>Drucker entfernen</translation>
    </message>
    <message>
        <source>Remove the printer {name!r} from this computer?</source>
        <translation>Den Drucker „{name}“ von diesem Computer entfernen?</translation>
    </message>
    <message>
        <source>Printer {name!r} removed.</source>
        <translation>Drucker „{name}“ entfernt.</translation>
    </message>
    <message>
        <source>Not assigned: {exc}</source>
        <translation>Nicht zugewiesen: {exc}</translation>
    </message>
    <message>
        <source>{name} now prints to {0}.</source>
        <translation>{name} druckt jetzt auf {0}.</translation>
    </message>
    <message>
        <source>the print queue is not open yet</source>
        <translation>die Druckwarteschlange ist noch nicht geöffnet</translation>
    </message>
    <message>
        <source>Sending a test label to {name}…</source>
        <translation>Testetikett wird an {name} gesendet …</translation>
    </message>
    <message>
        <source>Test print {name}</source>
        <translation>Testdruck {name}</translation>
    </message>
    <message>
        <source>Test label printed on {name}.</source>
        <translation>Testetikett auf {name} gedruckt.</translation>
    </message>
    <message>
        <source>Check status</source>
        <translation>Status abfragen</translation>
    </message>
    <message>
        <source>Ask the printer whether it can print now (nothing is printed)</source>
        <translation>Den Drucker fragen, ob er jetzt drucken kann (es wird nichts gedruckt)</translation>
    </message>
    <message>
        <source>Print head open: close the print head</source>
        <translation>Druckkopf offen: Druckkopf schließen</translation>
    </message>
    <message>
        <source>Out of labels: load labels and press Feed</source>
        <translation>Keine Etiketten mehr: Etiketten einlegen und Feed drücken</translation>
    </message>
    <message>
        <source>Ribbon out: load a ribbon and press Feed</source>
        <translation>Farbband leer: Farbband einlegen und Feed drücken</translation>
    </message>
    <message>
        <source>Printer paused: press Pause on the printer to resume</source>
        <translation>Drucker pausiert: am Drucker Pause drücken, um fortzufahren</translation>
    </message>
    <message>
        <source>Printer buffer full: waiting for it to print what it has</source>
        <translation>Druckerpuffer voll: warten, bis er gedruckt hat, was er hat</translation>
    </message>
    <message>
        <source>Printer memory corrupt: switch the printer off and on</source>
        <translation>Druckerspeicher beschädigt: Drucker aus- und wieder einschalten</translation>
    </message>
    <message>
        <source>Print head too cold: wait for the printer to warm up</source>
        <translation>Druckkopf zu kalt: warten, bis der Drucker warm ist</translation>
    </message>
    <message>
        <source>Print head too hot: wait for the printer to cool down</source>
        <translation>Druckkopf zu heiß: warten, bis der Drucker abgekühlt ist</translation>
    </message>
    <message>
        <source>{name} is not reachable: {reason}</source>
        <translation>{name} ist nicht erreichbar: {reason}</translation>
    </message>
    <message>
        <source>{name} does not report its state (only Zebra-compatible printers on the network or a serial port do): a test print shows whether it prints.</source>
        <translation>{name} meldet seinen Zustand nicht (das tun nur Zebra-kompatible Drucker im Netzwerk oder an einer seriellen Schnittstelle): ein Testdruck zeigt, ob er druckt.</translation>
    </message>
    <message>
        <source>{name} cannot print now: {problem}.</source>
        <translation>{name} kann gerade nicht drucken: {problem}.</translation>
    </message>
    <message>
        <source>{name} prints at {dpi} dpi but is set up here for {setup} dpi: labels would print at the wrong size. Edit the printer and choose {dpi} dpi.</source>
        <translation>{name} druckt mit {dpi} dpi, ist hier aber für {setup} dpi eingerichtet: Etiketten würden in falscher Größe gedruckt. Den Drucker bearbeiten und {dpi} dpi wählen.</translation>
    </message>
    <message>
        <source>{name} is ready to print.</source>
        <translation>{name} ist druckbereit.</translation>
    </message>
    <message>
        <source>Test print on {name} failed: {reason}</source>
        <translation>Testdruck auf {name} fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Live — real shipments, charged</source>
        <translation>Live — echte Sendungen, kostenpflichtig</translation>
    </message>
    <message>
        <source>Sandbox — test shipments on a remote service</source>
        <translation>Test — Testsendungen auf einem entfernten Server</translation>
    </message>
    <message>
        <source>{name}  (built-in, SANDBOX)</source>
        <translation>{name}  (eingebaut, TEST)</translation>
    </message>
    <message>
        <source>Edit profile</source>
        <extracomment>the profile as saved the result of a key check: (ok, message) what the last successful check proved: (base_url, key, ca_file, environment) -&gt; me</extracomment>
        <translation>Profil bearbeiten</translation>
    </message>
    <message>
        <source>Add a live profile</source>
        <translation>Live-Profil hinzufügen</translation>
    </message>
    <message>
        <source>https://api.example.com/v1</source>
        <translation>https://api.example.com/v1</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>only for a self-hosted service with its own CA</source>
        <translation>nur für einen eigenen Server mit eigener CA</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <source>C&amp;A file</source>
        <translation>&amp;Zertifikatsdatei</translation>
    </message>
    <message>
        <source>A test service on this computer (allow a loopback address)</source>
        <translation>Ein Testserver auf diesem Computer (lokale Adresse erlauben)</translation>
    </message>
    <message>
        <source>Check key</source>
        <translation>Schlüssel prüfen</translation>
    </message>
    <message>
        <source>&amp;Type</source>
        <translation>&amp;Art</translation>
    </message>
    <message>
        <source>Service &amp;URL</source>
        <translation>Server-&amp;URL</translation>
    </message>
    <message>
        <source>API &amp;key</source>
        <translation>API-&amp;Schlüssel</translation>
    </message>
    <message>
        <source>saved — type a new key to replace it</source>
        <translation>gespeichert — zum Ersetzen einen neuen Schlüssel eingeben</translation>
    </message>
    <message>
        <source>from the account&apos;s API key page</source>
        <translation>von der API-Schlüssel-Seite Ihres Kontos</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>Zertifikatsdatei</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt)</source>
        <translation>Zertifikate (*.pem *.crt)</translation>
    </message>
    <message>
        <source>Checking the key with the service…</source>
        <translation>Schlüssel wird beim Server geprüft …</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>Bitte zuerst den API-Schlüssel eingeben.</translation>
    </message>
    <message>
        <source>Key accepted: live key of {email}.</source>
        <translation>Schlüssel akzeptiert: Live-Schlüssel von {email}.</translation>
    </message>
    <message>
        <source>Key accepted: sandbox key of {email}.</source>
        <translation>Schlüssel akzeptiert: Test-Schlüssel von {email}.</translation>
    </message>
    <message>
        <source>Add live profile…</source>
        <extracomment>profiles were added, edited or deleted (the window&apos;s switcher reloads) how &quot;Use this profile&quot; switches (the main window&apos;s switch, which checks it may)</extracomment>
        <translation>Live-Profil hinzufügen …</translation>
    </message>
    <message>
        <source>Connect to a Packdesk server…</source>
        <translation>Mit einem Packdesk-Server verbinden…</translation>
    </message>
    <message>
        <source>Stations asking to join…</source>
        <translation>Stationen, die beitreten wollen …</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen …</translation>
    </message>
    <message>
        <source>Use this profile</source>
        <translation>Dieses Profil verwenden</translation>
    </message>
    <message>
        <source>The built-in &lt;b&gt;Local sandbox&lt;/b&gt; works without any setting. Add a live profile with your account&apos;s API key to print real labels.</source>
        <translation>Die eingebaute &lt;b&gt;lokale Testumgebung&lt;/b&gt; funktioniert ohne Einstellungen. Für echte Etiketten ein Live-Profil mit dem API-Schlüssel Ihres Kontos hinzufügen.</translation>
    </message>
    <message>
        <source>{0}  — in use</source>
        <translation>{0}  — in Verwendung</translation>
    </message>
    <message>
        <source>The built-in Local sandbox cannot be deleted</source>
        <translation>Die eingebaute lokale Testumgebung kann nicht gelöscht werden</translation>
    </message>
    <message>
        <source>Packdesk server {host}</source>
        <translation>Packdesk-Server {host}</translation>
    </message>
    <message>
        <source>Profile {name!r} saved.</source>
        <translation>Profil „{name}“ gespeichert.</translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation>Profil löschen</translation>
    </message>
    <message>
        <source>Delete the profile {name!r} and its saved API key?

Its shipment history and labels stay on this computer.</source>
        <translation>Das Profil „{name}“ und seinen gespeicherten API-Schlüssel löschen?

Sendungsverlauf und Etiketten bleiben auf diesem Computer.</translation>
    </message>
    <message>
        <source>Profile {name!r} deleted.</source>
        <translation>Profil „{name}“ gelöscht.</translation>
    </message>
    <message>
        <source>Everything (*)</source>
        <translation>Alles (*)</translation>
    </message>
    <message>
        <source>Every shipment event (shipment.*)</source>
        <translation>Alle Sendungsereignisse (shipment.*)</translation>
    </message>
    <message>
        <source>Every status event (shipment.status.*)</source>
        <translation>Alle Statusereignisse (shipment.status.*)</translation>
    </message>
    <message>
        <source>Every tracking event (shipment.tracking.*)</source>
        <translation>Alle Sendungsverfolgungsereignisse (shipment.tracking.*)</translation>
    </message>
    <message>
        <source>Deleted</source>
        <extracomment>what `WebhooksPresenter._ask` answers when nothing was done</extracomment>
        <translation>Gelöscht</translation>
    </message>
    <message>
        <source>{0} ({1})</source>
        <translation>{0} ({1})</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>the service gives no reason</source>
        <translation>der Server nennt keinen Grund</translation>
    </message>
    <message>
        <source>Deactivated: {reason} (since {when})</source>
        <translation>Deaktiviert: {reason} (seit {when})</translation>
    </message>
    <message>
        <source>Deactivated: {reason}</source>
        <translation>Deaktiviert: {reason}</translation>
    </message>
    <message>
        <source>Events</source>
        <extracomment>the list was loaded (how many webhooks)</extracomment>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Security</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Reload</source>
        <extracomment>a delete asks first; tests and scripts may turn that off</extracomment>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Send test event</source>
        <translation>Testereignis senden</translation>
    </message>
    <message>
        <source>Reactivate</source>
        <translation>Reaktivieren</translation>
    </message>
    <message>
        <source>Event types</source>
        <translation>Ereignisarten</translation>
    </message>
    <message>
        <source>Send basic authentication with each delivery</source>
        <translation>Bei jeder Zustellung Benutzername und Passwort mitsenden</translation>
    </message>
    <message>
        <source>user name</source>
        <translation>Benutzername</translation>
    </message>
    <message>
        <source>password (optional)</source>
        <translation>Passwort (optional)</translation>
    </message>
    <message>
        <source>Create webhook</source>
        <translation>Webhook anlegen</translation>
    </message>
    <message>
        <source>New webhook</source>
        <extracomment>anything in the form changed</extracomment>
        <translation>Neuer Webhook</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Live profiles deliver only to https:// addresses.</source>
        <extracomment>the list was loaded (how many webhooks) the profile shown changed: the list is empty until loaded, the form starts again</extracomment>
        <translation>Live-Profile liefern nur an https://-Adressen.</translation>
    </message>
    <message>
        <source>Sandbox: http:// is accepted for a receiver on your own network.</source>
        <translation>Test: http:// ist für einen Empfänger im eigenen Netz erlaubt.</translation>
    </message>
    <message>
        <source>Could not load the webhooks: {0}</source>
        <translation>Die Webhooks konnten nicht geladen werden: {0}</translation>
    </message>
    <message>
        <source>User name and password</source>
        <translation>Benutzername und Passwort</translation>
    </message>
    <message>
        <source>no authentication</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Reactivate the webhook before testing it</source>
        <translation>Den Webhook vor dem Test reaktivieren</translation>
    </message>
    <message>
        <source>The service sends an example.event to the URL</source>
        <translation>Der Server sendet ein example.event an die URL</translation>
    </message>
    <message>
        <source>The service refused the webhook: {0}</source>
        <translation>Der Server hat den Webhook abgelehnt: {0}</translation>
    </message>
    <message>
        <source>Webhook created for {url}. Send a test event to try it.</source>
        <translation>Webhook für {url} angelegt. Zum Ausprobieren ein Testereignis senden.</translation>
    </message>
    <message>
        <source>No test event: {0}</source>
        <translation>Kein Testereignis: {0}</translation>
    </message>
    <message>
        <source>Test event sent to {0}.</source>
        <translation>Testereignis an {0} gesendet.</translation>
    </message>
    <message>
        <source>the webhook</source>
        <translation>den Webhook</translation>
    </message>
    <message>
        <source>Not reactivated: {0}</source>
        <translation>Nicht reaktiviert: {0}</translation>
    </message>
    <message>
        <source>Reactivated: {url}. Undelivered events are sent again.</source>
        <translation>Reaktiviert: {url}. Nicht zugestellte Ereignisse werden erneut gesendet.</translation>
    </message>
    <message>
        <source>Delete webhook</source>
        <translation>Webhook löschen</translation>
    </message>
    <message>
        <source>Delete the webhook for {url}?

Events not yet delivered are dropped.</source>
        <translation>Den Webhook für {url} löschen?

Noch nicht zugestellte Ereignisse werden verworfen.</translation>
    </message>
    <message>
        <source>Not deleted: {0}</source>
        <translation>Nicht gelöscht: {0}</translation>
    </message>
    <message>
        <source>Webhook deleted.</source>
        <translation>Webhook gelöscht.</translation>
    </message>
    <message>
        <source>Connect to a Packdesk server</source>
        <translation>Mit einem Packdesk-Server verbinden</translation>
    </message>
    <message>
        <source>Enter the address of the Packdesk server of your warehouse, or import the pairing file it wrote. Then compare the fingerprint below with the one the server shows (at its start, or with packdesk serve --show-pairing).</source>
        <translation>Geben Sie die Adresse des Packdesk-Servers Ihres Lagers ein oder importieren Sie die Kopplungsdatei, die er geschrieben hat. Vergleichen Sie dann den Fingerabdruck unten mit dem, den der Server anzeigt (beim Start oder mit packdesk serve --show-pairing).</translation>
    </message>
    <message>
        <source>https://packdesk-01.lan:8443</source>
        <translation>https://packdesk-01.lan:8443</translation>
    </message>
    <message>
        <source>Show fingerprint</source>
        <translation>Fingerabdruck anzeigen</translation>
    </message>
    <message>
        <source>Import pairing file…</source>
        <translation>Kopplungsdatei importieren…</translation>
    </message>
    <message>
        <source>This fingerprint is the one the server shows</source>
        <translation>Dieser Fingerabdruck ist der, den der Server anzeigt</translation>
    </message>
    <message>
        <source>Server &amp;URL</source>
        <translation>Server-&amp;URL</translation>
    </message>
    <message>
        <source>CA fingerprint (SHA-256)</source>
        <translation>Fingerabdruck der Zertifizierungsstelle (SHA-256)</translation>
    </message>
    <message>
        <source>Trust and continue</source>
        <translation>Vertrauen und weiter</translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation>Frage den Server…</translation>
    </message>
    <message>
        <source>Compare this fingerprint with the one the server shows before you trust it.</source>
        <translation>Vergleichen Sie diesen Fingerabdruck mit dem des Servers, bevor Sie ihm vertrauen.</translation>
    </message>
    <message>
        <source>Pairing file</source>
        <translation>Kopplungsdatei</translation>
    </message>
    <message>
        <source>Pairing files (*.json)</source>
        <translation>Kopplungsdateien (*.json)</translation>
    </message>
    <message>
        <source>Pairing file read. Confirm the fingerprint to trust it.</source>
        <translation>Kopplungsdatei gelesen. Bestätigen Sie den Fingerabdruck, um ihr zu vertrauen.</translation>
    </message>
    <message>
        <source>The server&apos;s certificate authority is trusted.</source>
        <translation>Der Zertifizierungsstelle des Servers wird vertraut.</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Waage</translation>
    </message>
    <message>
        <source>&amp;Find scales</source>
        <translation>Waagen &amp;suchen</translation>
    </message>
    <message>
        <source>Mettler Toledo MT-SICS</source>
        <translation>Mettler Toledo MT-SICS</translation>
    </message>
    <message>
        <source>NCI / Weigh-Tronix</source>
        <translation>NCI / Weigh-Tronix</translation>
    </message>
    <message>
        <source>e.g. sics:/dev/ttyUSB0 or hid:</source>
        <translation>z. B. sics:/dev/ttyUSB0 oder hid:</translation>
    </message>
    <message>
        <source> g</source>
        <translation> g</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>&amp;Testen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Protocol (serial scales)</source>
        <translation>Protokoll (serielle Waagen)</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Stable after equal readings</source>
        <translation>Stabil nach gleichen Messwerten</translation>
    </message>
    <message>
        <source>Readings may differ by</source>
        <translation>Messwerte dürfen abweichen um</translation>
    </message>
    <message>
        <source>Use a reading for at most</source>
        <translation>Messwert höchstens verwenden für</translation>
    </message>
    <message>
        <source>No scale</source>
        <translation>Keine Waage</translation>
    </message>
    <message numerus="yes">
        <source>%n scale port(s) found</source>
        <translation>
            <numerusform>%n Anschluss für eine Waage gefunden</numerusform>
            <numerusform>%n Anschlüsse für Waagen gefunden</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a scale first.</source>
        <translation>Bitte zuerst eine Waage wählen.</translation>
    </message>
    <message>
        <source>Scale: connecting…</source>
        <translation>Waage: Verbindung wird aufgebaut …</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Saved: no scale.</source>
        <translation>Gespeichert: keine Waage.</translation>
    </message>
    <message>
        <source>UK VAT number or EORI (United Kingdom)</source>
        <translation>Britische USt-IdNr. oder EORI (Vereinigtes Königreich)</translation>
    </message>
    <message>
        <source>VOEC number (Norway)</source>
        <translation>VOEC-Nummer (Norwegen)</translation>
    </message>
    <message>
        <source>Swiss VAT number (Switzerland, Liechtenstein)</source>
        <translation>Schweizer MWST-Nummer (Schweiz, Liechtenstein)</translation>
    </message>
    <message>
        <source>Station of &lt;b&gt;{name}&lt;/b&gt; (the Scan page)</source>
        <translation>Station von &lt;b&gt;{name}&lt;/b&gt; (die Seite Scannen)</translation>
    </message>
    <message>
        <source>The watched folder {folder} does not exist.</source>
        <translation>Den überwachten Ordner {folder} gibt es nicht.</translation>
    </message>
    <message>
        <source>The printer {name} does not print A4 pages (PDF) or is gone.</source>
        <translation>Der Drucker {name} druckt keine A4-Seiten (PDF) oder ist nicht mehr vorhanden.</translation>
    </message>
    <message>
        <source>{what}: {number} is not one; it looks like {example}.</source>
        <translation>{what}: {number} ist keine; sie sieht so aus: {example}.</translation>
    </message>
    <message>
        <source>Pack check: scan every item of an order before its label is made</source>
        <translation>Packkontrolle: jeden Artikel einer Bestellung scannen, bevor das Etikett erstellt wird</translation>
    </message>
    <message>
        <source>Sound a signal after each scan (success or error)</source>
        <translation>Nach jedem Scan ein Signal ertönen lassen (Erfolg oder Fehler)</translation>
    </message>
    <message>
        <source>No watched folder</source>
        <translation>Kein überwachter Ordner</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen …</translation>
    </message>
    <message>
        <source>No folder</source>
        <translation>Kein Ordner</translation>
    </message>
    <message>
        <source>Scan to ship</source>
        <translation>Scannen und versenden</translation>
    </message>
    <message>
        <source>Watched folder for order exports</source>
        <translation>Überwachter Ordner für Bestellexporte</translation>
    </message>
    <message>
        <source>Every CSV or XLSX file a shop drops into the watched folder is imported once as orders while the profile is open; it then moves to done/ or failed/.</source>
        <translation>Jede CSV- oder XLSX-Datei, die ein Shop in den überwachten Ordner legt, wird einmal als Bestellungen importiert, solange das Profil geöffnet ist; danach wandert sie nach done/ oder failed/.</translation>
    </message>
    <message>
        <source>A4 printer for documents</source>
        <translation>A4-Drucker für Dokumente</translation>
    </message>
    <message>
        <source>Customs papers (CN 23, commercial invoice) print here while the label goes to the label printer, from the Scan page and from Create and print. Without an A4 printer they are saved as a PDF file beside the label and the desk says where.</source>
        <translation>Zollpapiere (CN 23, Handelsrechnung) werden hier gedruckt, das Etikett auf dem Etikettendrucker – von der Scan-Seite und bei „Erstellen und drucken“. Ohne A4-Drucker werden sie als PDF-Datei neben dem Etikett gespeichert und Packdesk sagt, wo.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> Min.</translation>
    </message>
    <message>
        <source>Sign out after this many minutes without input at a station where people sign in</source>
        <translation>Nach so vielen Minuten ohne Eingabe abmelden (an Plätzen mit Anmeldung)</translation>
    </message>
    <message>
        <source>Sign out after</source>
        <translation>Abmelden nach</translation>
    </message>
    <message>
        <source>Save station settings</source>
        <translation>Stationseinstellungen speichern</translation>
    </message>
    <message>
        <source>No A4 printer</source>
        <translation>Kein A4-Drucker</translation>
    </message>
    <message>
        <source>Folder the shop drops its order exports into</source>
        <translation>Ordner, in den der Shop seine Bestellexporte legt</translation>
    </message>
    <message>
        <source>Station settings saved.</source>
        <translation>Stationseinstellungen gespeichert.</translation>
    </message>
    <message>
        <source>Consumer key</source>
        <extracomment>the most ids one `include` asks for (WooCommerce&apos;s largest page)</extracomment>
        <translation>Consumer Key</translation>
    </message>
    <message>
        <source>WooCommerce › Settings › Advanced › REST API: add a key with Read/Write permissions</source>
        <translation>WooCommerce › Einstellungen › Erweitert › REST-API: einen Schlüssel mit Lesen/Schreiben anlegen</translation>
    </message>
    <message>
        <source>Consumer secret</source>
        <translation>Consumer Secret</translation>
    </message>
    <message>
        <source>Access key ID</source>
        <extracomment>renew a token this long before the shop says it expires (seconds) kind of id in the default orders export -&gt; (the entity searched, its field that says it) the same without the items&apos; products (an integration not allowed to read products)</extracomment>
        <translation>Zugangs-ID</translation>
    </message>
    <message>
        <source>Shopware administration › Settings › System › Integrations: add one (role with orders and products)</source>
        <translation>Shopware: Administration › Einstellungen › System › Integrationen: eine anlegen (Rolle mit Bestellungen und Produkten)</translation>
    </message>
    <message>
        <source>Secret access key</source>
        <translation>Sicherheitsschlüssel</translation>
    </message>
    <message>
        <source>Admin API access token</source>
        <extracomment>an item&apos;s shipping weight: needs the read_products (or read_inventory) scope</extracomment>
        <translation>Admin-API-Zugriffstoken</translation>
    </message>
    <message>
        <source>Shopify admin › Settings › Apps › Develop apps: the app&apos;s Admin API access token (read_orders, write_fulfillments, read_products)</source>
        <translation>Shopify: Admin › Einstellungen › Apps › Apps entwickeln: das Admin-API-Zugriffstoken der App (read_orders, write_fulfillments, read_products)</translation>
    </message>
    <message>
        <source>refused the credentials (wrong or expired)</source>
        <extracomment>the connectors&apos; English phrases (shops.base) -&gt; the same words for translation</extracomment>
        <translation>hat die Zugangsdaten abgelehnt (falsch oder abgelaufen)</translation>
    </message>
    <message>
        <source>refused: the credentials lack a permission</source>
        <translation>hat abgelehnt: den Zugangsdaten fehlt eine Berechtigung</translation>
    </message>
    <message>
        <source>does not know this order</source>
        <translation>kennt diese Bestellung nicht</translation>
    </message>
    <message>
        <source>is limiting requests (too many)</source>
        <translation>begrenzt die Anfragen (zu viele)</translation>
    </message>
    <message>
        <source>did not answer in time</source>
        <translation>hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>cannot be reached</source>
        <translation>ist nicht erreichbar</translation>
    </message>
    <message>
        <source>answered with error {0}</source>
        <translation>hat mit Fehler {0} geantwortet</translation>
    </message>
    <message>
        <source>Live shop</source>
        <translation>Live-Shop</translation>
    </message>
    <message>
        <source>Test shop</source>
        <translation>Test-Shop</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>noch nie</translation>
    </message>
    <message>
        <source>{0} written, {1} waiting, {2} refused</source>
        <translation>{0} geschrieben, {1} wartend, {2} abgelehnt</translation>
    </message>
    <message>
        <source>Last sync failed: {0}</source>
        <translation>Letzter Abgleich fehlgeschlagen: {0}</translation>
    </message>
    <message>
        <source>Order {0} not marked shipped: {1}</source>
        <translation>Bestellung {0} nicht als versendet markiert: {1}</translation>
    </message>
    <message>
        <source>Open a profile first.</source>
        <translation>Öffnen Sie zuerst ein Profil.</translation>
    </message>
    <message>
        <source>Give the connection a name.</source>
        <translation>Geben Sie der Verbindung einen Namen.</translation>
    </message>
    <message>
        <source>The shop&apos;s address must start with https://.</source>
        <translation>Die Adresse des Shops muss mit https:// beginnen.</translation>
    </message>
    <message>
        <source>A sandbox profile never writes to a live shop: connect a test shop here, or add the live shop to a live profile.</source>
        <translation>Ein Sandbox-Profil schreibt nie in einen Live-Shop: Verbinden Sie hier einen Test-Shop oder fügen Sie den Live-Shop einem Live-Profil hinzu.</translation>
    </message>
    <message>
        <source>A live profile takes live shops only: connect the test shop to a sandbox profile.</source>
        <translation>Ein Live-Profil nimmt nur Live-Shops: Verbinden Sie den Test-Shop mit einem Sandbox-Profil.</translation>
    </message>
    <message>
        <source>Fill in the {0}.</source>
        <translation>Bitte {0} eintragen.</translation>
    </message>
    <message>
        <source>{0} was added; its open orders are pulled now.</source>
        <translation>{0} wurde hinzugefügt; seine offenen Bestellungen werden jetzt abgerufen.</translation>
    </message>
    <message>
        <source>{0} cannot be reached: {1}</source>
        <translation>{0} ist nicht erreichbar: {1}</translation>
    </message>
    <message>
        <source>Connected to {0}: it answered with {1} open orders on its first page.</source>
        <translation>Verbunden mit {0}: Die erste Seite enthält {1} offene Bestellungen.</translation>
    </message>
    <message>
        <source>There is no shop called {0}.</source>
        <translation>Es gibt keinen Shop namens {0}.</translation>
    </message>
    <message>
        <source>{0} was removed with its credentials.</source>
        <translation>{0} wurde mit seinen Zugangsdaten entfernt.</translation>
    </message>
    <message>
        <source>Remove the connection to {0}? Its credentials are deleted and labels made from now on are not written back to it.</source>
        <translation>Verbindung zu {0} entfernen? Die Zugangsdaten werden gelöscht, und ab jetzt erstellte Etiketten werden nicht mehr an den Shop zurückgemeldet.</translation>
    </message>
    <message>
        <source>The profile is not connected: its shops are synced once it is.</source>
        <translation>Das Profil ist nicht verbunden: Seine Shops werden abgeglichen, sobald es verbunden ist.</translation>
    </message>
    <message>
        <source>Syncing the shops…</source>
        <translation>Shops werden abgeglichen…</translation>
    </message>
    <message>
        <source>Shops synced: {0} orders pulled, {1} marked shipped.</source>
        <translation>Shops abgeglichen: {0} Bestellungen abgerufen, {1} als versendet markiert.</translation>
    </message>
    <message>
        <source>New shop connection</source>
        <extracomment>anything in the form changed</extracomment>
        <translation>Neue Shop-Verbindung</translation>
    </message>
    <message>
        <source>My shop</source>
        <translation>Mein Shop</translation>
    </message>
    <message>
        <source>P&amp;latform:</source>
        <translation>Platt&amp;form:</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>Na&amp;me:</translation>
    </message>
    <message>
        <source>Shop &amp;URL:</source>
        <translation>Shop-&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>Shop-A&amp;rt:</translation>
    </message>
    <message>
        <source>Test co&amp;nnection</source>
        <translation>Verbindung test&amp;en</translation>
    </message>
    <message>
        <source>Ask the shop for its open orders with these credentials</source>
        <translation>Den Shop mit diesen Zugangsdaten nach offenen Bestellungen fragen</translation>
    </message>
    <message>
        <source>&amp;Connect shop</source>
        <translation>Shop verb&amp;inden</translation>
    </message>
    <message>
        <source>Keep the connection; the credentials go to the keyring</source>
        <translation>Verbindung speichern; die Zugangsdaten kommen in den Schlüsselbund</translation>
    </message>
    <message>
        <source>Shop</source>
        <extracomment>a line under the list was shown (its text) the list was filled again (how many shops)</extracomment>
        <translation>Shop</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>Plattform</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Last sync</source>
        <translation>Letzter Abgleich</translation>
    </message>
    <message>
        <source>Orders pulled</source>
        <translation>Abgerufen</translation>
    </message>
    <message>
        <source>Tracking written back</source>
        <translation>Zurückgemeldet</translation>
    </message>
    <message>
        <source>Test connection</source>
        <extracomment>a remove asks first; tests and scripts may turn that off</extracomment>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>Jetzt abgleichen</translation>
    </message>
    <message>
        <source>Pull the open orders and write tracking numbers back now</source>
        <translation>Jetzt offene Bestellungen abrufen und Sendungsnummern zurückmelden</translation>
    </message>
    <message>
        <source>Asking the shop…</source>
        <translation>Der Shop wird gefragt…</translation>
    </message>
    <message>
        <source>Remove shop</source>
        <translation>Shop entfernen</translation>
    </message>
    <message>
        <source>Added to an order weighed by its items (product catalogue or file), unless its shipping preset names its own box weight</source>
        <translation>Wird zu einer Bestellung addiert, die nach ihren Artikeln gewogen wird (Produktkatalog oder Datei), außer ihre Versandvorlage nennt ein eigenes Kartongewicht</translation>
    </message>
    <message>
        <source>Box&apos;s own weight</source>
        <translation>Eigengewicht des Kartons</translation>
    </message>
    <message>
        <source>Stations asking to join</source>
        <translation>Stationen, die beitreten wollen</translation>
    </message>
    <message>
        <source>Compare the phrase with the one on the station&apos;s screen, type it and approve: the station gets its own key. Requests expire after 15 minutes.</source>
        <translation>Vergleichen Sie die Phrase mit der auf dem Bildschirm der Station, tippen Sie sie ein und geben Sie frei: Die Station erhält ihren eigenen Schlüssel. Anfragen verfallen nach 15 Minuten.</translation>
    </message>
    <message>
        <source>No station is waiting to join.</source>
        <translation>Keine Station wartet auf Beitritt.</translation>
    </message>
    <message>
        <source>e.g. tiger-piano-42</source>
        <translation>z. B. tiger-piano-42</translation>
    </message>
    <message>
        <source>&amp;Phrase the station shows</source>
        <translation>&amp;Phrase, die die Station zeigt</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>A&amp;blehnen</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Ask to join {url}</source>
        <extracomment>the person chose to paste a key instead the station&apos;s profile, saved with the key the server handed over</extracomment>
        <translation>Beitritt zu {url} anfragen</translation>
    </message>
    <message>
        <source>The server is trusted. Ask it to let this station in: an admin approves it with the phrase shown here, and the station gets its own key. No key to copy.</source>
        <translation>Der Server ist vertrauenswürdig. Bitten Sie ihn, diese Station aufzunehmen: Ein Admin gibt sie mit der hier gezeigten Phrase frei, und die Station erhält ihren eigenen Schlüssel. Kein Schlüssel zum Abtippen.</translation>
    </message>
    <message>
        <source>Station &amp;name</source>
        <translation>Stations&amp;name</translation>
    </message>
    <message>
        <source>&amp;Ask to join</source>
        <translation>&amp;Beitritt anfragen</translation>
    </message>
    <message>
        <source>Enter a &amp;key instead…</source>
        <translation>Stattdessen &amp;Schlüssel eingeben …</translation>
    </message>
    <message>
        <source>Phrase to tell the admin, valid until {time}</source>
        <translation>Phrase für den Admin, gültig bis {time}</translation>
    </message>
    <message>
        <source>&amp;Ask again</source>
        <translation>&amp;Erneut anfragen</translation>
    </message>
    <message>
        <source>{station} — {phrase} — from {address}, until {time}</source>
        <extracomment>the right a person needs to see and use the approvals (the sign-in hides them without it)</extracomment>
        <translation>{station} — {phrase} — von {address}, bis {time}</translation>
    </message>
    <message>
        <source>The phrase does not match the one the station shows. Compare it with the station&apos;s screen.</source>
        <translation>Die Phrase passt nicht zu der, die die Station zeigt. Vergleichen Sie sie mit dem Bildschirm der Station.</translation>
    </message>
    <message>
        <source>Only an admin may let stations join (the account key or an admin).</source>
        <translation>Nur ein Admin darf Stationen aufnehmen (mit dem Kontoschlüssel oder als Admin angemeldet).</translation>
    </message>
    <message>
        <source>Not possible any more: {0}</source>
        <translation>Nicht mehr möglich: {0}</translation>
    </message>
    <message>
        <source>Could not load the waiting stations: {0}</source>
        <extracomment>how many stations wait</extracomment>
        <translation>Die wartenden Stationen konnten nicht geladen werden: {0}</translation>
    </message>
    <message>
        <source>Type the phrase the station shows.</source>
        <translation>Tippen Sie die Phrase ein, die die Station zeigt.</translation>
    </message>
    <message>
        <source>{station} is approved: it receives its own key in a moment.</source>
        <translation>{station} ist freigegeben: Die Station erhält gleich ihren eigenen Schlüssel.</translation>
    </message>
    <message>
        <source>{station} is denied.</source>
        <translation>{station} ist abgelehnt.</translation>
    </message>
    <message>
        <source>Too many requests to join from here: try again in {n} minutes.</source>
        <translation>Zu viele Beitrittsanfragen von hier: Versuchen Sie es in {n} Minuten erneut.</translation>
    </message>
    <message>
        <source>The server does not accept this name: use 1 to 100 letters or digits.</source>
        <translation>Der Server nimmt diesen Namen nicht an: 1 bis 100 Buchstaben oder Ziffern.</translation>
    </message>
    <message>
        <source>The server no longer knows this request. Ask again.</source>
        <translation>Der Server kennt diese Anfrage nicht mehr. Fragen Sie erneut an.</translation>
    </message>
    <message>
        <source>The server does not answer: {0}</source>
        <translation>Der Server antwortet nicht: {0}</translation>
    </message>
    <message>
        <source>The server refused: {0}</source>
        <translation>Der Server hat abgelehnt: {0}</translation>
    </message>
    <message>
        <source>Enter this station&apos;s name first.</source>
        <extracomment>(phrase, valid until as local time) once the server took the request (WAITING | DONE | FAILED, sentence) the station&apos;s profile, saved with its key</extracomment>
        <translation>Geben Sie zuerst den Namen dieser Station ein.</translation>
    </message>
    <message>
        <source>Waiting for an admin to approve this station. Tell them the phrase; it is valid until {time}.</source>
        <translation>Warte auf die Freigabe durch einen Admin. Nennen Sie ihm die Phrase; sie gilt bis {time}.</translation>
    </message>
    <message>
        <source>Approved, but the key was already handed over once. Ask again.</source>
        <translation>Freigegeben, aber der Schlüssel wurde schon einmal übergeben. Fragen Sie erneut an.</translation>
    </message>
    <message>
        <source>An admin denied this station. Ask again if that was a mistake.</source>
        <translation>Ein Admin hat diese Station abgelehnt. Fragen Sie erneut an, falls das ein Irrtum war.</translation>
    </message>
    <message>
        <source>Nobody approved within 15 minutes. Ask again.</source>
        <translation>Niemand hat innerhalb von 15 Minuten freigegeben. Fragen Sie erneut an.</translation>
    </message>
    <message>
        <source>The new key did not work: {0}</source>
        <translation>Der neue Schlüssel funktioniert nicht: {0}</translation>
    </message>
    <message>
        <source>The key was not saved: {0}</source>
        <translation>Der Schlüssel wurde nicht gespeichert: {0}</translation>
    </message>
    <message>
        <source>Approved. This station&apos;s key is saved; the profile {name!r} is ready to use.</source>
        <translation>Freigegeben. Der Schlüssel dieser Station ist gespeichert; das Profil {name!r} ist bereit.</translation>
    </message>
</context>
<context>
    <name>Shipment</name>
    <message>
        <source>HTTP status: {status}</source>
        <translation>HTTP-Status: {status}</translation>
    </message>
    <message>
        <source>Errors from the service:</source>
        <translation>Fehler vom Server:</translation>
    </message>
    <message>
        <source>Request id (for support): {request_id}</source>
        <translation>Anfrage-ID (für den Support): {request_id}</translation>
    </message>
    <message>
        <source>Caused by: {kind}: {cause}</source>
        <translation>Ursache: {kind}: {cause}</translation>
    </message>
    <message>
        <source>Create label</source>
        <translation>Etikett erstellen</translation>
    </message>
    <message>
        <source>Create the shipment and its label (Ctrl+Enter)</source>
        <translation>Sendung und Etikett erstellen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Create and print</source>
        <translation>Erstellen und drucken</translation>
    </message>
    <message>
        <source>Create, then print on the profile&apos;s printer (Ctrl+P)</source>
        <translation>Erstellen, dann auf dem Drucker des Profils drucken (Strg+P)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop waiting for the carrier (Esc)</source>
        <translation>Nicht länger auf den Paketdienst warten (Esc)</translation>
    </message>
    <message>
        <source>Show every problem of the form</source>
        <translation>Alle Probleme des Formulars anzeigen</translation>
    </message>
    <message>
        <source>Creating the {word} label…</source>
        <translation>{word}-Etikett wird erstellt …</translation>
    </message>
    <message>
        <source>The customs papers could not be printed: {0}</source>
        <translation>Die Zollpapiere konnten nicht gedruckt werden: {0}</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) — show</source>
        <translation>
            <numerusform>%n Problem — anzeigen</numerusform>
            <numerusform>%n Probleme — anzeigen</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready to create a {word} label.</source>
        <translation>Bereit, ein {word}-Etikett zu erstellen.</translation>
    </message>
    <message>
        <source>Not connected yet: {connection_message}</source>
        <translation>Noch nicht verbunden: {connection_message}</translation>
    </message>
    <message>
        <source>Not created: the window shows {word} but the connection is {0}. Switch profile again.</source>
        <translation>Nicht erstellt: das Fenster zeigt {word}, die Verbindung ist aber {0}. Bitte das Profil erneut wechseln.</translation>
    </message>
    <message>
        <source>No printer is assigned to this profile (Settings).</source>
        <translation>Diesem Profil ist kein Drucker zugewiesen (Einstellungen).</translation>
    </message>
    <message>
        <source>Stopped waiting. If the carrier still creates this shipment, Packdesk finds it by its reference {0} and adds it to the history; nothing is sent twice.</source>
        <translation>Warten beendet. Falls der Paketdienst die Sendung doch noch anlegt, findet Packdesk sie über ihre Referenz {0} und trägt sie in den Verlauf ein; nichts wird doppelt versendet.</translation>
    </message>
    <message>
        <source>The service did not accept the shipment: {0}</source>
        <translation>Der Server hat die Sendung nicht angenommen: {0}</translation>
    </message>
    <message>
        <source>The label could not be created.</source>
        <translation>Das Etikett konnte nicht erstellt werden.</translation>
    </message>
    <message>
        <source>Created: {0} {tracking}</source>
        <translation>Erstellt: {0} {tracking}</translation>
    </message>
    <message>
        <source>Receiver</source>
        <translation>Empfänger</translation>
    </message>
    <message>
        <source>Saved addresses…</source>
        <translation>Gespeicherte Adressen …</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Ändern …</translation>
    </message>
    <message>
        <source>Save as default sender</source>
        <translation>Als Standard-Absender speichern</translation>
    </message>
    <message>
        <source>Use this sender for every new shipment of this profile</source>
        <translation>Diesen Absender für jede neue Sendung dieses Profils verwenden</translation>
    </message>
    <message>
        <source>Sender</source>
        <translation>Absender</translation>
    </message>
    <message>
        <source>Carrier and service</source>
        <extracomment>what stays from one shipment to the next (`reset_for_next`): not this shipment&apos;s input</extracomment>
        <translation>Paketdienst und Versandart</translation>
    </message>
    <message>
        <source>Packages</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>Additional services</source>
        <translation>Zusatzleistungen</translation>
    </message>
    <message>
        <source>Reference and label</source>
        <translation>Referenz und Etikett</translation>
    </message>
    <message>
        <source>&amp;Reference number</source>
        <translation>&amp;Referenznummer</translation>
    </message>
    <message>
        <source>&amp;Label format</source>
        <translation>&amp;Etikettenformat</translation>
    </message>
    <message>
        <source>Add order details for the parcel point (partner)</source>
        <translation>Bestelldaten für die Paketstation (Partner) angeben</translation>
    </message>
    <message>
        <source>Order details</source>
        <translation>Bestelldaten</translation>
    </message>
    <message>
        <source>Shop name</source>
        <translation>Shopname</translation>
    </message>
    <message>
        <source>Order number</source>
        <translation>Bestellnummer</translation>
    </message>
    <message>
        <source>e.g. %1</source>
        <translation>z. B. %1</translation>
    </message>
    <message>
        <source>Order date</source>
        <translation>Bestelldatum</translation>
    </message>
    <message>
        <source>Shop e-mail</source>
        <translation>E-Mail des Shops</translation>
    </message>
    <message>
        <source>Order total</source>
        <translation>Bestellsumme</translation>
    </message>
    <message>
        <source>e.g. 59.90</source>
        <translation>z. B. 59,90</translation>
    </message>
    <message>
        <source>order number</source>
        <translation>Bestellnummer</translation>
    </message>
    <message>
        <source>Scan or type the order number</source>
        <translation>Bestellnummer scannen oder eintippen</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Währung</translation>
    </message>
    <message>
        <source>Loading the stored sender address…</source>
        <translation>Gespeicherte Absenderadresse wird geladen …</translation>
    </message>
    <message>
        <source>Correct the sender first.</source>
        <translation>Bitte zuerst den Absender korrigieren.</translation>
    </message>
    <message>
        <source>Could not save the profile: {exc}</source>
        <translation>Das Profil konnte nicht gespeichert werden: {exc}</translation>
    </message>
    <message>
        <source>Saved as the default sender of this profile.</source>
        <translation>Als Standard-Absender dieses Profils gespeichert.</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>{summary} (sample sender of the sandbox)</source>
        <translation>{summary} (Beispiel-Absender der Testumgebung)</translation>
    </message>
    <message>
        <source>{0} (automatic)</source>
        <translation>{0} (automatisch)</translation>
    </message>
    <message>
        <source>(automatic) — none fits</source>
        <translation>(automatisch) — keins passt</translation>
    </message>
    <message>
        <source>{0} — not offered</source>
        <translation>{0} — nicht angeboten</translation>
    </message>
    <message>
        <source>Chosen by hand (automatic would be {0}).</source>
        <translation>Von Hand gewählt (automatisch wäre {0}).</translation>
    </message>
    <message>
        <source>Automatic: {reason}</source>
        <translation>Automatisch: {reason}</translation>
    </message>
    <message>
        <source>{display_name} does not deliver to workplace parcel points.</source>
        <translation>{display_name} liefert nicht an Paketstationen am Arbeitsplatz.</translation>
    </message>
    <message>
        <source>Enter the partner id.</source>
        <translation>Bitte die Partner-ID eingeben.</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Weight (kg)</source>
        <translation>Gewicht (kg)</translation>
    </message>
    <message>
        <source>e.g. 1.5</source>
        <translation>z. B. 1,5</translation>
    </message>
    <message>
        <source>Length (cm)</source>
        <translation>Länge (cm)</translation>
    </message>
    <message>
        <source>Width (cm)</source>
        <translation>Breite (cm)</translation>
    </message>
    <message>
        <source>Height (cm)</source>
        <translation>Höhe (cm)</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Paketart</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>what is inside</source>
        <translation>was drin ist</translation>
    </message>
    <message>
        <source>Insure a higher value (goods over 500 EUR)</source>
        <translation>Höher versichern (Waren über 500 €)</translation>
    </message>
    <message>
        <source>Declared value</source>
        <translation>Versicherter Wert</translation>
    </message>
    <message>
        <source>Value (EUR)</source>
        <translation>Wert (€)</translation>
    </message>
    <message>
        <source>over 500</source>
        <translation>über 500</translation>
    </message>
    <message>
        <source>{0} — not taken by {name}</source>
        <translation>{0} — von {name} nicht angenommen</translation>
    </message>
    <message>
        <source>&amp;Add package</source>
        <translation>Paket &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Package {0}</source>
        <translation>Paket {0}</translation>
    </message>
    <message numerus="yes">
        <source>{name} takes up to %n packages in one shipment.</source>
        <translation>
            <numerusform>{name} nimmt bis zu %n Paket pro Sendung.</numerusform>
            <numerusform>{name} nimmt bis zu %n Pakete pro Sendung.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This carrier takes up to %n packages in one shipment.</source>
        <translation>
            <numerusform>Dieser Paketdienst nimmt bis zu %n Paket pro Sendung.</numerusform>
            <numerusform>Dieser Paketdienst nimmt bis zu %n Pakete pro Sendung.</numerusform>
        </translation>
    </message>
    <message>
        <source>Virtual label printer (sandbox): last printed label</source>
        <translation>Virtueller Etikettendrucker (Test): zuletzt gedrucktes Etikett</translation>
    </message>
    <message>
        <source>Open jobs folder</source>
        <translation>Ordner der Druckaufträge öffnen</translation>
    </message>
    <message>
        <source>Nothing printed yet. Create a label and press Print.</source>
        <translation>Noch nichts gedruckt. Etikett erstellen und auf Drucken klicken.</translation>
    </message>
    <message>
        <source>as the printer would print it</source>
        <translation>so, wie der Drucker es drucken würde</translation>
    </message>
    <message>
        <source>(no rendering available)</source>
        <translation>(keine Vorschau verfügbar)</translation>
    </message>
    <message>
        <source>{name} {seen}
Saved in {parent}</source>
        <translation>{name} {seen}
Gespeichert in {parent}</translation>
    </message>
    <message>
        <source>No label yet</source>
        <translation>Noch kein Etikett</translation>
    </message>
    <message>
        <source>The label appears here as soon as it is created.</source>
        <translation>Das Etikett erscheint hier, sobald es erstellt ist.</translation>
    </message>
    <message>
        <source>&amp;Print label</source>
        <translation>Etikett &amp;drucken</translation>
    </message>
    <message>
        <source>Send this label to the profile&apos;s printer (Ctrl+Shift+L)</source>
        <translation>Dieses Etikett an den Drucker des Profils senden (Strg+Umschalt+L)</translation>
    </message>
    <message>
        <source>Print automatically after create</source>
        <translation>Nach dem Erstellen drucken</translation>
    </message>
    <message>
        <source>See printed label</source>
        <translation>Etikett ansehen</translation>
    </message>
    <message>
        <source>The virtual label printer of the sandbox: see what it received</source>
        <translation>Der virtuelle Etikettendrucker der Testumgebung: sehen, was er erhalten hat</translation>
    </message>
    <message>
        <source>Jobs folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>The virtual label printer is not running.</source>
        <translation>Der virtuelle Etikettendrucker läuft nicht.</translation>
    </message>
    <message>
        <source>No file manager could be started to show the folder (on Linux, xdg-open of the xdg-utils package opens it). The jobs are saved in:
{folder}</source>
        <translation>Es konnte kein Dateimanager gestartet werden, um den Ordner zu zeigen (unter Linux öffnet ihn xdg-open aus dem Paket xdg-utils). Die Aufträge liegen in:
{folder}</translation>
    </message>
    <message>
        <source>Open the folder where the virtual printer keeps jobs</source>
        <translation>Den Ordner öffnen, in dem der virtuelle Drucker seine Aufträge ablegt</translation>
    </message>
    <message>
        <source>This shipment has no label file yet.</source>
        <translation>Für diese Sendung gibt es noch keine Etikettendatei.</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n Seite</numerusform>
            <numerusform>%n Seiten</numerusform>
        </translation>
    </message>
    <message>
        <source>Rendering the ZPL label…</source>
        <translation>ZPL-Etikett wird dargestellt …</translation>
    </message>
    <message>
        <source>Showing the ZPL text: {message}</source>
        <translation>Der ZPL-Text wird angezeigt: {message}</translation>
    </message>
    <message numerus="yes">
        <source>ZPL rendered offline (%n label(s))</source>
        <translation>
            <numerusform>ZPL offline dargestellt (%n Etikett)</numerusform>
            <numerusform>ZPL offline dargestellt (%n Etiketten)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Print again</source>
        <translation>Erneut &amp;drucken</translation>
    </message>
    <message>
        <source>No printer is assigned to this profile (Settings)</source>
        <translation>Diesem Profil ist kein Drucker zugewiesen (Einstellungen)</translation>
    </message>
    <message>
        <source>Sent to {printer}: {state}</source>
        <translation>An {printer} gesendet: {state}</translation>
    </message>
    <message>
        <source>&amp;Carrier</source>
        <translation>&amp;Paketdienst</translation>
    </message>
    <message>
        <source>Ser&amp;vice</source>
        <translation>&amp;Versandart</translation>
    </message>
    <message>
        <source>{c} — not offered by this service</source>
        <translation>{c} — mit dieser Versandart nicht angeboten</translation>
    </message>
    <message>
        <source>{0} — not offered by {name}</source>
        <translation>{0} — nicht von {name} angeboten</translation>
    </message>
    <message>
        <source>The carrier tells the receiver when the parcel is coming.</source>
        <translation>Der Paketdienst kündigt dem Empfänger die Zustellung an.</translation>
    </message>
    <message>
        <source>The carrier collects the amount from the receiver and transfers it to your account.</source>
        <translation>Der Paketdienst kassiert den Betrag beim Empfänger und überweist ihn auf Ihr Konto.</translation>
    </message>
    <message>
        <source>Only if the receiver has allowed you to authorize this.</source>
        <translation>Nur wenn der Empfänger Ihnen das Abstellen erlaubt hat.</translation>
    </message>
    <message>
        <source>By e-mail</source>
        <translation>Per E-Mail</translation>
    </message>
    <message>
        <source>By SMS</source>
        <translation>Per SMS</translation>
    </message>
    <message>
        <source>Notify e-mail</source>
        <translation>E-Mail für die Ankündigung</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Mobile number</source>
        <translation>Handynummer</translation>
    </message>
    <message>
        <source>Amount to collect</source>
        <translation>Nachnahmebetrag</translation>
    </message>
    <message>
        <source>e.g. 49.90</source>
        <translation>z. B. 49,90</translation>
    </message>
    <message>
        <source>Account holder</source>
        <translation>Kontoinhaber</translation>
    </message>
    <message>
        <source>Bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <source>DE..</source>
        <translation>DE..</translation>
    </message>
    <message>
        <source>e.g. DEUTDEFF</source>
        <translation>z. B. DEUTDEFF</translation>
    </message>
    <message>
        <source>Reference on transfer</source>
        <translation>Verwendungszweck</translation>
    </message>
    <message>
        <source>Where may the parcel be left?</source>
        <translation>Wo darf das Paket abgestellt werden?</translation>
    </message>
    <message>
        <source>{service} ({brand})</source>
        <translation>{service} ({brand})</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>Needs the service {services} and your own carrier contract; for shipments sent on a Friday.</source>
        <translation>Nur mit {services} und eigenem Vertrag beim Paketdienst; für Sendungen, die freitags verschickt werden.</translation>
    </message>
    <message>
        <source>This carrier offers no additional services.</source>
        <translation>Dieser Paketdienst bietet keine Zusatzleistungen an.</translation>
    </message>
    <message>
        <source>Use as sender</source>
        <translation>Als Absender verwenden</translation>
    </message>
    <message>
        <source>Save it as the default sender of this profile</source>
        <translation>Als Standardabsender dieses Profils speichern</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Jetzt nicht</translation>
    </message>
    <message>
        <source>Your account has a default shipping address: {address}. Use it as the sender of this profile?</source>
        <translation>Ihr Konto hat eine Standard-Versandadresse: {address}. Als Absender dieses Profils verwenden?</translation>
    </message>
</context>
<context>
    <name>ShipmentPage</name>
    <message>
        <source>Show the label preview</source>
        <extracomment>below this page width the preview collapses (a 1024 px screen shows the form and buttons)</extracomment>
        <translation>Etikettvorschau zeigen</translation>
    </message>
    <message>
        <source>&amp;Create label</source>
        <translation>Etikett &amp;erstellen</translation>
    </message>
    <message>
        <source>Create and &amp;print</source>
        <translation>Erstellen und &amp;drucken</translation>
    </message>
    <message>
        <source>Print the label &amp;again</source>
        <translation>Etikett noch&amp;mals drucken</translation>
    </message>
    <message>
        <source>C&amp;lear the form</source>
        <translation>Formular &amp;leeren</translation>
    </message>
    <message>
        <source>Show &amp;every problem</source>
        <translation>&amp;Alle Probleme zeigen</translation>
    </message>
    <message>
        <source>Hide the label preview</source>
        <translation>Etikettvorschau ausblenden</translation>
    </message>
</context>
<context>
    <name>ShortcutSheetDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Everything at the desk works from the keyboard:</source>
        <translation>Am Packtisch geht alles mit der Tastatur:</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Return</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Leertaste</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formular</translation>
    </message>
    <message>
        <source>Next / previous field</source>
        <translation>Nächstes / vorheriges Feld</translation>
    </message>
    <message>
        <source>Press the focused button</source>
        <translation>Den markierten Knopf drücken</translation>
    </message>
    <message>
        <source>Reference number: Enter moves on to Create (a scanner&apos;s Enter never creates)</source>
        <translation>Referenznummer: Enter springt zu Erstellen (das Enter eines Scanners erstellt nie)</translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message>
        <source>Only a supervisor may ship an incomplete order</source>
        <extracomment>the Scan page&apos;s refusals that are a pack-check mismatch what was sent: (kind, order number, taken by the service)</extracomment>
        <translation>Nur eine Aufsicht darf eine unvollständige Bestellung versenden</translation>
    </message>
    <message>
        <source>Ask a supervisor to sign in at this station and press F6.</source>
        <translation>Eine Aufsicht an diesem Platz anmelden lassen und F6 drücken.</translation>
    </message>
    <message>
        <source>Release order</source>
        <translation>Bestellung freigeben</translation>
    </message>
    <message>
        <source>Why may order {number} ship incomplete?</source>
        <translation>Warum darf Bestellung {number} unvollständig raus?</translation>
    </message>
    <message>
        <source>{name} ({role}) at {station}</source>
        <extracomment>how often the idle time is looked at (ms)</extracomment>
        <translation>{name} ({role}) an {station}</translation>
    </message>
    <message>
        <source>Your sign-in has ended. Please sign in again.</source>
        <translation>Ihre Anmeldung ist abgelaufen. Bitte neu anmelden.</translation>
    </message>
    <message>
        <source>Scan your badge or type your PIN.</source>
        <translation>Ausweis scannen oder PIN eintippen.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Prüfe…</translation>
    </message>
    <message>
        <source>Not connected to the server yet.</source>
        <translation>Noch nicht mit dem Server verbunden.</translation>
    </message>
    <message>
        <source>Badge or PIN not recognised. Please try again.</source>
        <translation>Ausweis oder PIN nicht erkannt. Bitte noch einmal.</translation>
    </message>
    <message numerus="yes">
        <source>Signed out after %n minute(s) without input.</source>
        <translation>
            <numerusform>Nach %n Minute ohne Eingabe abgemeldet.</numerusform>
            <numerusform>Nach %n Minuten ohne Eingabe abgemeldet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Too many wrong sign-ins at this station: try again in %n minute(s).</source>
        <translation>
            <numerusform>Zu viele falsche Anmeldungen an diesem Platz: in %n Minute erneut versuchen.</numerusform>
            <numerusform>Zu viele falsche Anmeldungen an diesem Platz: in %n Minuten erneut versuchen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Packer</source>
        <translation>Packer</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Aufsicht</translation>
    </message>
    <message>
        <source>Admin</source>
        <translation>Admin</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Scan your badge or type your PIN, then press Enter.</source>
        <translation>Ausweis scannen oder PIN eintippen, dann Enter drücken.</translation>
    </message>
    <message>
        <source>Badge or PIN</source>
        <translation>Ausweis oder PIN</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>&amp;Abmelden</translation>
    </message>
    <message>
        <source>Station {station} · {profile}</source>
        <translation>Platz {station} · {profile}</translation>
    </message>
</context>
<context>
    <name>Weights</name>
    <message>
        <source>Apply to all</source>
        <translation>Für alle</translation>
    </message>
    <message>
        <source>Give this weight to every order that has none</source>
        <translation>Dieses Gewicht jeder Bestellung ohne Gewicht geben</translation>
    </message>
    <message>
        <source>Weigh on the scale</source>
        <translation>Auf der Waage wiegen</translation>
    </message>
    <message>
        <source>Weigh the orders without a weight one by one, in file order</source>
        <translation>Die Bestellungen ohne Gewicht nacheinander wiegen, in der Reihenfolge der Datei</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Stop weighing</source>
        <translation>Wiegen beenden</translation>
    </message>
    <message>
        <source>Set up a scale in Settings › Scales first</source>
        <translation>Zuerst eine Waage in Einstellungen › Waagen einrichten</translation>
    </message>
    <message>
        <source>No weight</source>
        <translation>Kein Gewicht</translation>
    </message>
    <message>
        <source>{kg} kg · {source}</source>
        <translation>{kg} kg · {source}</translation>
    </message>
    <message>
        <source>No weight: weigh it, type it here, or give the product a weight (Settings › Products).</source>
        <translation>Kein Gewicht: wiegen, hier eintippen oder dem Produkt ein Gewicht geben (Einstellungen › Produkte).</translation>
    </message>
    <message>
        <source>Goods {goods} kg + box {box} kg</source>
        <translation>Ware {goods} kg + Karton {box} kg</translation>
    </message>
    <message>
        <source>Type another weight to replace it.</source>
        <translation>Ein anderes Gewicht eintippen, um es zu ersetzen.</translation>
    </message>
    <message>
        <source>Take the last parcel off the scale.</source>
        <extracomment>a row&apos;s weight changed (its index) what the weights bar shows may have changed</extracomment>
        <translation>Das letzte Paket von der Waage nehmen.</translation>
    </message>
    <message>
        <source>Put its parcel on the scale.</source>
        <translation>Ihr Paket auf die Waage legen.</translation>
    </message>
    <message>
        <source>Order {reference} ({n} of {total}): {step} {scale}</source>
        <translation>Bestellung {reference} ({n} von {total}): {step} {scale}</translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) without a weight:</source>
        <translation>
            <numerusform>%n Bestellung ohne Gewicht:</numerusform>
            <numerusform>%n Bestellungen ohne Gewicht:</numerusform>
        </translation>
    </message>
    <message>
        <source>scale</source>
        <translation>Waage</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>eingetippt</translation>
    </message>
    <message>
        <source>catalogue</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>order file</source>
        <translation>Bestelldatei</translation>
    </message>
    <message>
        <source>catalogue + order file</source>
        <translation>Katalog + Bestelldatei</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
</context>
<context>
    <name>Widgets</name>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Open the folder with the saved file</source>
        <translation>Den Ordner mit der gespeicherten Datei öffnen</translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message>
        <source>{printer}: the carrier has no label made for this printer, so the {format} label is converted for it ({dpi} dpi).</source>
        <translation>{printer}: Der Paketdienst hat kein Etikett genau für diesen Drucker, daher wird das {format}-Etikett für ihn umgewandelt ({dpi} dpi).</translation>
    </message>
    <message>
        <source>{printer}: {format}, made for this printer.</source>
        <translation>{printer}: {format}, passend für diesen Drucker.</translation>
    </message>
    <message>
        <source>{printer}: {format} fits the paper.</source>
        <translation>{printer}: {format} passt auf das Papier.</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>the profile&apos;s preferred format</source>
        <translation>das bevorzugte Format des Profils</translation>
    </message>
    <message>
        <source>choose a carrier</source>
        <translation>Paketdienst wählen</translation>
    </message>
    <message>
        <source>no printer assigned</source>
        <translation>kein Drucker zugewiesen</translation>
    </message>
    <message>
        <source>{printer} cannot print any label format this carrier offers for this service.</source>
        <translation>{printer} kann keines der Etikettenformate drucken, die der Paketdienst für diese Versandart anbietet.</translation>
    </message>
    <message>
        <source>The profile&apos;s data cannot be opened: {exc}</source>
        <extracomment>the open profile&apos;s shop rounds (None until connected); `shop_options` go to each shop connection (a test shop&apos;s own CA) who works at this station (sign_in_required: the state is &quot;sign_in&quot; until then)</extracomment>
        <translation>Die Daten des Profils lassen sich nicht öffnen: {exc}</translation>
    </message>
    <message>
        <source>Starting local sandbox...</source>
        <extracomment>who works at the station (a station of an account with people: sign in first)</extracomment>
        <translation>Lokale Testumgebung wird gestartet …</translation>
    </message>
    <message>
        <source>Connecting to {base_url}...</source>
        <translation>Verbindung zu {base_url} wird aufgebaut …</translation>
    </message>
    <message>
        <source>Connected to {base_url}</source>
        <translation>Verbunden mit {base_url}</translation>
    </message>
    <message>
        <source>Sign in at this station</source>
        <translation>An diesem Platz anmelden</translation>
    </message>
    <message>
        <source>New shipment</source>
        <translation>Neue Sendung</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Switch profile (Ctrl+Shift+P)</source>
        <translation>Profil wechseln (Strg+Umschalt+P)</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Profil:</translation>
    </message>
    <message>
        <source>The shipment history appears here.</source>
        <extracomment>when a page is built: with the window (it builds it itself), right after the first paint (a placeholder stands there until then), or next connects a built page to the window and the other pages the window&apos;s pages in tab order (Settings last); &quot;module:Class&quot; builds each with the context</extracomment>
        <translation>Hier erscheint der Sendungsverlauf.</translation>
    </message>
    <message>
        <source>Profiles, printers and preferences appear here.</source>
        <translation>Hier erscheinen Profile, Drucker und Vorgaben.</translation>
    </message>
    <message>
        <source>Wait for the creation to finish before switching.</source>
        <extracomment>the smallest screen the window must fit (a desk PC&apos;s 1024x600 netbook panel) what the signed-in person may do (None: nobody signs in at this desk: every page)</extracomment>
        <translation>Vor dem Wechseln bitte warten, bis das Etikett erstellt ist.</translation>
    </message>
    <message>
        <source>Closing: finishing the label and print jobs, stopping services...</source>
        <translation>Wird geschlossen: Etikett und Druckaufträge werden fertiggestellt, Dienste beendet …</translation>
    </message>
    <message>
        <source>Addresses</source>
        <translation>Adressen</translation>
    </message>
    <message>
        <source>End of day</source>
        <translation>Tagesabschluss</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Stapelversand</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Scannen</translation>
    </message>
    <message>
        <source>Opening the shipment form…</source>
        <translation>Sendungsformular wird geöffnet …</translation>
    </message>
    <message>
        <source>Virtual label printer (sandbox)</source>
        <extracomment>how long starting or stopping the printer&apos;s own loop may take (only a broken one reaches it)</extracomment>
        <translation>Virtueller Etikettendrucker (Test)</translation>
    </message>
    <message>
        <source>API calls left: –</source>
        <translation>Verbleibende API-Aufrufe: –</translation>
    </message>
    <message>
        <source>Printer: –</source>
        <translation>Drucker: –</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Connect to the shipping service again</source>
        <translation>Erneut mit dem Versandserver verbinden</translation>
    </message>
    <message>
        <source>Environment {0}</source>
        <translation>Umgebung {0}</translation>
    </message>
    <message>
        <source>API calls left: {0} (reset in {1} s)</source>
        <translation>Verbleibende API-Aufrufe: {0} (zurückgesetzt in {1} s)</translation>
    </message>
    <message>
        <source>Connected</source>
        <extracomment>what the connection field says in each state (the whole message is its tooltip)</extracomment>
        <translation>Verbunden</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Startet …</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindet …</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <source>API calls left: {0}</source>
        <translation>Verbleibende API-Aufrufe: {0}</translation>
    </message>
    <message>
        <source>{0} calls left</source>
        <translation>{0} Aufrufe übrig</translation>
    </message>
    <message>
        <source>Printer: {0}</source>
        <translation>Drucker: {0}</translation>
    </message>
    <message>
        <source>Printer: none assigned</source>
        <translation>Drucker: keiner zugewiesen</translation>
    </message>
    <message>
        <source>Printer {name}</source>
        <translation>Drucker {name}</translation>
    </message>
    <message>
        <source>Printer {name}: {message}</source>
        <translation>Drucker {name}: {message}</translation>
    </message>
    <message numerus="yes">
        <source>%n creation(s) awaiting check</source>
        <translation>
            <numerusform>%n Erstellung wartet auf Prüfung</numerusform>
            <numerusform>%n Erstellungen warten auf Prüfung</numerusform>
        </translation>
    </message>
    <message>
        <source>SANDBOX</source>
        <extracomment>the text colour of each meaning: light, dark, light high contrast, dark high contrast a message box&apos;s background and border per meaning (its text is the meaning&apos;s colour) the background of a batch row by its state (its text is the palette&apos;s) the application&apos;s style hints and their accessibility hints, held for the app&apos;s life: with the style hints&apos; wrapper collected, PySide 6 deletes the accessibility hints&apos; C++ object, and every later call (and the contrast signal) fails</extracomment>
        <translation>TEST</translation>
    </message>
    <message>
        <source>SANDBOX — test labels, not for shipping</source>
        <translation>TEST — Testetiketten, nicht zum Versenden</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>LIVE</translation>
    </message>
    <message>
        <source>LIVE — labels cost money</source>
        <translation>LIVE — Etiketten kosten Geld</translation>
    </message>
    <message>
        <source>Local sandbox</source>
        <extracomment>the environments a profile can have</extracomment>
        <translation>Lokale Testumgebung</translation>
    </message>
    <message>
        <source>{app} — {profile} ({environment})</source>
        <translation>{app} — {profile} ({environment})</translation>
    </message>
    <message>
        <source>Switch to the LIVE profile {name}?

Labels created there are real: the carrier charges for them, and pickups requested there send a driver.</source>
        <translation>Zum LIVE-Profil {name} wechseln?

Dort erstellte Etiketten sind echt: Der Paketdienst berechnet sie, und dort angeforderte Abholungen schicken einen Fahrer.</translation>
    </message>
    <message>
        <source>Switch to LIVE</source>
        <translation>Zu LIVE wechseln</translation>
    </message>
    <message>
        <source>Packing figures</source>
        <extracomment>the person&apos;s own input: what keeps a sign-in from timing out</extracomment>
        <translation>Packzahlen</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>DHL Paket</source>
        <translation>DHL Paket</translation>
    </message>
    <message>
        <source>DHL Returns</source>
        <translation>DHL Retoure</translation>
    </message>
    <message>
        <source>DHL Europaket</source>
        <translation>DHL Europaket</translation>
    </message>
    <message>
        <source>DHL Paket Prio</source>
        <translation>DHL Paket Prio</translation>
    </message>
    <message>
        <source>DHL Warenpost</source>
        <translation>DHL Warenpost</translation>
    </message>
    <message>
        <source>DPD Classic</source>
        <translation>DPD Classic</translation>
    </message>
    <message>
        <source>DPD Returns</source>
        <translation>DPD Retoure</translation>
    </message>
    <message>
        <source>Express</source>
        <translation>Express</translation>
    </message>
    <message>
        <source>Express early morning</source>
        <translation>Express Frühzustellung</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Warenpost</source>
        <translation>Warenpost</translation>
    </message>
    <message>
        <source>Warenpost (untracked)</source>
        <translation>Warenpost (ohne Sendungsverfolgung)</translation>
    </message>
    <message>
        <source>Warenpost with signature</source>
        <translation>Warenpost mit Unterschrift</translation>
    </message>
    <message>
        <source>UPS Standard</source>
        <translation>UPS Standard</translation>
    </message>
    <message>
        <source>UPS Returns</source>
        <translation>UPS Retoure</translation>
    </message>
    <message>
        <source>UPS Express Saver</source>
        <translation>UPS Express Saver</translation>
    </message>
    <message>
        <source>UPS Express</source>
        <translation>UPS Express</translation>
    </message>
    <message>
        <source>UPS Expedited</source>
        <translation>UPS Expedited</translation>
    </message>
    <message>
        <source>UPS Express 12:00</source>
        <translation>UPS Express 12:00</translation>
    </message>
    <message>
        <source>Hermes Paket</source>
        <translation>Hermes Paket</translation>
    </message>
    <message>
        <source>Hermes Returns</source>
        <translation>Hermes Retoure</translation>
    </message>
    <message>
        <source>Returns</source>
        <translation>Retoure</translation>
    </message>
    <message>
        <source>Advance notice</source>
        <translation>Sendungsankündigung</translation>
    </message>
    <message>
        <source>Cash on delivery</source>
        <translation>Nachnahme</translation>
    </message>
    <message>
        <source>Drop authorization</source>
        <translation>Abstellgenehmigung</translation>
    </message>
    <message>
        <source>Saturday delivery</source>
        <translation>Samstagszustellung</translation>
    </message>
    <message>
        <source>Parcel</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Bulky parcel</source>
        <translation>Sperrgut</translation>
    </message>
    <message>
        <source>Small parcel</source>
        <translation>Päckchen</translation>
    </message>
    <message>
        <source>Books</source>
        <translation>Büchersendung</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Brief</translation>
    </message>
    <message>
        <source>{size} PDF</source>
        <translation>{size}-PDF</translation>
    </message>
    <message>
        <source>{size} label, ZPL, {dpi} dpi</source>
        <translation>Etikett {size}, ZPL, {dpi} dpi</translation>
    </message>
    <message>
        <source>{0}x{1} in</source>
        <translation>{0}x{1} Zoll</translation>
    </message>
    <message>
        <source>{0} x {1} mm</source>
        <translation>{0} x {1} mm</translation>
    </message>
    <message>
        <source>Queued</source>
        <extracomment>the day a date&apos;s example shows (&quot;e.g. 03.05.2024&quot;)</extracomment>
        <translation>In der Warteschlange</translation>
    </message>
    <message>
        <source>Printing…</source>
        <translation>Wird gedruckt …</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>Gedruckt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Needs attention</source>
        <translation>Braucht Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Waiting for the printer</source>
        <translation>Wartet auf den Drucker</translation>
    </message>
    <message>
        <source>Canceled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Waiting for the printer: {error} (retry in {seconds} s)</source>
        <translation>Wartet auf den Drucker: {error} (neuer Versuch in {seconds} s)</translation>
    </message>
    <message>
        <source>{state}: {error}</source>
        <translation>{state}: {error}</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) to print</source>
        <translation>
            <numerusform>%n Etikett zu drucken</numerusform>
            <numerusform>%n Etiketten zu drucken</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for the printer</source>
        <translation>wartet auf den Drucker</translation>
    </message>
    <message>
        <source>needs attention</source>
        <translation>braucht Aufmerksamkeit</translation>
    </message>
</context>
</TS>
