/**
 * Every text the emulator generates, in English, German and Swedish. Entries of one list
 * are translations of each other at the same index, so a post or review stores indices
 * and is rendered in any market's language (and in its original language).
 */
export const LANGUAGES = ['en', 'de', 'sv'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type Text = Record<Lang, string>;

const t = (en: string, de: string, sv: string): Text => ({ en, de, sv });

/** Replaces `{name}` placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

export const CAPTIONS_WITH_PRODUCT: Text[] = [
  t('Sunday mornings, coffee and {title} ☕', 'Sonntagmorgen, Kaffee und {title} ☕', 'Söndagsmorgon, kaffe och {title} ☕'),
  t('Packed {title} for the weekend and never looked back.', 'Fürs Wochenende eingepackt: {title}. Keine Reue!', 'Packade med {title} till helgen – ångrar inget.'),
  t('Golden hour + {title} = perfect combo ✨', 'Goldene Stunde + {title} = perfekte Kombi ✨', 'Gyllene timmen + {title} = perfekt kombo ✨'),
  t("Third week with {title} and I'm obsessed.", 'Dritte Woche mit {title} und ich bin begeistert.', 'Tredje veckan med {title} och jag är helt såld.'),
  t('Rain or shine, {title} comes along 🌦️', 'Ob Regen oder Sonne, {title} ist immer dabei 🌦️', 'Regn eller sol, {title} följer alltid med 🌦️'),
  t('New favourite unlocked: {title}', 'Neuer Liebling: {title}', 'Ny favorit: {title}'),
  t("{title}, styled three ways – which one's your pick?", '{title}, dreimal anders gestylt – welcher Look gefällt dir?', '{title} stylad på tre sätt – vilken är din favorit?'),
  t('Small details, big difference. Loving {title}.', 'Kleine Details, großer Unterschied. {title} ist top.', 'Små detaljer, stor skillnad. Älskar {title}.'),
];

export const CAPTIONS_PLAIN: Text[] = [
  t('Slow morning light 🌅', 'Langsames Morgenlicht 🌅', 'Långsamt morgonljus 🌅'),
  t('Out here, everything feels simpler.', 'Hier draußen fühlt sich alles einfacher an.', 'Här ute känns allt enklare.'),
  t('Weekend mood: on.', 'Wochenendmodus: an.', 'Helgläge: på.'),
  t('Colours of the season 🍂', 'Die Farben der Saison 🍂', 'Säsongens färger 🍂'),
  t('Home is where the coffee is.', 'Zuhause ist, wo der Kaffee ist.', 'Hemma är där kaffet finns.'),
];

export const HASHTAGS: Text[] = [
  t('#weekendvibes', '#wochenende', '#helg'),
  t('#slowliving', '#slowliving', '#slowliving'),
  t('#ootd', '#outfitdestages', '#dagensoutfit'),
  t('#homedecor', '#wohnideen', '#inredning'),
  t('#outdoors', '#draußen', '#friluftsliv'),
  t('#goldenhour', '#goldenestunde', '#gyllenetimmen'),
  t('#coffeetime', '#kaffeezeit', '#fika'),
  t('#sustainablestyle', '#nachhaltigkeit', '#hållbarmode'),
];

export const SCENE_ALT: Record<'landscape' | 'stilllife' | 'bokeh' | 'flatlay', Text> = {
  landscape: t('Sun over rolling hills', 'Sonne über sanften Hügeln', 'Sol över böljande kullar'),
  stilllife: t('Still life of everyday things on a table', 'Stillleben mit Alltagsdingen auf einem Tisch', 'Stilleben med vardagsföremål på ett bord'),
  bokeh: t('Soft, colourful lights in the dark', 'Weiche, bunte Lichter im Dunkeln', 'Mjuka, färgglada ljus i mörkret'),
  flatlay: t('Flat lay of objects seen from above', 'Flatlay mit Gegenständen von oben', 'Flatlay med föremål sedda ovanifrån'),
};
export const ALT_BY = t('{scene}, shared by @{user}', '{scene}, geteilt von @{user}', '{scene}, delad av @{user}');

export const VIDEO_CAPTIONS_WITH_PRODUCT = t(
  'Quick look: this is how I use {title} every day.',
  'Kurzer Einblick: So nutze ich {title} jeden Tag.',
  'Snabbtitt: så använder jag {title} varje dag.',
);
export const VIDEO_CAPTIONS_PLAIN = t('Quick look at my week.', 'Ein kurzer Blick auf meine Woche.', 'En snabbtitt på min vecka.');
export const VIDEO_DESCRIPTION = t(
  'Looping clip: a pale sun arcs across a drifting sunset-coloured sky.',
  'Endlos-Clip: Eine helle Sonne zieht im Bogen über einen Himmel in Abendfarben.',
  'Loopande klipp: en blek sol rör sig i en båge över en himmel i solnedgångsfärger.',
);

export const PRODUCT_DESCRIPTION = t(
  '{title} by Northwind Goods. Designed for everyday use and made to last.',
  '{title} von Northwind Goods. Für den Alltag entworfen und auf Langlebigkeit ausgelegt.',
  '{title} från Northwind Goods. Designad för vardagen och gjord för att hålla.',
);

export type Sentiment = 'positive' | 'mixed' | 'negative';
export const sentimentOf = (rating: number): Sentiment => (rating >= 4 ? 'positive' : rating === 3 ? 'mixed' : 'negative');

export const PRODUCT_REVIEW_TITLES: Record<Sentiment, Text[]> = {
  positive: [
    t('Absolutely love it', 'Absolut begeistert', 'Helt förälskad'),
    t('Exactly as described', 'Genau wie beschrieben', 'Precis som beskrivet'),
    t('Great quality', 'Tolle Qualität', 'Fantastisk kvalitet'),
    t('Would buy again', 'Würde ich wieder kaufen', 'Skulle köpa igen'),
    t('My new favourite', 'Mein neuer Favorit', 'Min nya favorit'),
    t('Worth every penny', 'Jeden Cent wert', 'Värd varenda krona'),
  ],
  mixed: [
    t('Good, not perfect', 'Gut, aber nicht perfekt', 'Bra men inte perfekt'),
    t('Okay for the price', 'Okay für den Preis', 'Okej för priset'),
    t('Mixed feelings', 'Gemischte Gefühle', 'Blandade känslor'),
  ],
  negative: [
    t('Disappointed', 'Enttäuscht', 'Besviken'),
    t('Not what I expected', 'Nicht, was ich erwartet habe', 'Inte vad jag förväntade mig'),
    t('Fell apart quickly', 'Schnell kaputtgegangen', 'Gick sönder snabbt'),
  ],
};

export const PRODUCT_REVIEW_BODIES: Record<Sentiment, Text[]> = {
  positive: [
    t(
      "I've used it almost every day since it arrived and it still looks new.",
      'Ich benutze es seit der Lieferung fast täglich und es sieht immer noch aus wie neu.',
      'Jag har använt den nästan varje dag sedan den kom och den ser fortfarande ny ut.',
    ),
    t('The quality is better than I expected at this price.', 'Die Qualität ist besser, als ich bei diesem Preis erwartet hätte.', 'Kvaliteten är bättre än jag väntat mig för priset.'),
    t('Beautiful colour and it feels really well made.', 'Schöne Farbe und sehr gut verarbeitet.', 'Vacker färg och känns riktigt välgjord.'),
    t('Bought one for myself and ended up ordering two more as gifts.', 'Eins für mich gekauft und dann noch zwei als Geschenk bestellt.', 'Köpte en till mig själv och beställde sedan två till i present.'),
    t('Simple, practical and good-looking. Nothing to complain about.', 'Schlicht, praktisch und schön. Nichts zu meckern.', 'Enkel, praktisk och snygg. Inget att klaga på.'),
  ],
  mixed: [
    t('It does the job, but the material is thinner than in the photos.', 'Erfüllt seinen Zweck, aber das Material ist dünner als auf den Fotos.', 'Den gör sitt jobb, men materialet är tunnare än på bilderna.'),
    t('Nice design, though the sizing runs a little small.', 'Schönes Design, fällt aber etwas klein aus.', 'Snygg design, men storleken är lite liten.'),
    t('Decent overall; I hoped for a bit more at this price.', 'Insgesamt ordentlich, für den Preis hatte ich etwas mehr erwartet.', 'Helt okej, men jag hade hoppats på lite mer för priset.'),
  ],
  negative: [
    t('The seams came loose after two weeks.', 'Nach zwei Wochen haben sich die Nähte gelöst.', 'Sömmarna släppte efter två veckor.'),
    t('The colour looked nothing like the pictures.', 'Die Farbe sah ganz anders aus als auf den Bildern.', 'Färgen såg inte alls ut som på bilderna.'),
    t('Arrived damaged and the replacement took weeks.', 'Kam beschädigt an und der Ersatz hat Wochen gedauert.', 'Kom skadad och ersättningen tog flera veckor.'),
  ],
};

export const COMPANY_REVIEW_TITLES: Record<Sentiment, Text[]> = {
  positive: [
    t('Fast and friendly', 'Schnell und freundlich', 'Snabbt och trevligt'),
    t('Smooth ordering', 'Reibungslose Bestellung', 'Smidig beställning'),
    t('Great customer service', 'Toller Kundenservice', 'Fantastisk kundservice'),
  ],
  mixed: [t('Fine, with hiccups', 'Ganz okay, mit kleinen Hürden', 'Helt okej, med vissa problem')],
  negative: [t('Slow response', 'Langsame Antwort', 'Långsamt svar'), t('Order went wrong', 'Bestellung ging schief', 'Beställningen blev fel')],
};

export const COMPANY_REVIEW_BODIES: Record<Sentiment, Text[]> = {
  positive: [
    t('My order arrived in two days, well packed.', 'Meine Bestellung kam nach zwei Tagen, gut verpackt.', 'Min beställning kom på två dagar, väl förpackad.'),
    t(
      'Customer service answered within an hour and solved my problem.',
      'Der Kundenservice hat innerhalb einer Stunde geantwortet und mein Problem gelöst.',
      'Kundtjänst svarade inom en timme och löste mitt problem.',
    ),
    t('Easy returns and a quick refund.', 'Einfache Rücksendung und schnelle Erstattung.', 'Enkel retur och snabb återbetalning.'),
  ],
  mixed: [t('Good products, but shipping took a week.', 'Gute Produkte, aber der Versand hat eine Woche gedauert.', 'Bra produkter, men frakten tog en vecka.')],
  negative: [
    t('It took three e-mails to get an answer about my return.', 'Erst nach drei E-Mails bekam ich eine Antwort zu meiner Rücksendung.', 'Det tog tre mejl innan jag fick svar om min retur.'),
    t('I received the wrong size and had to send it back.', 'Ich habe die falsche Größe bekommen und musste sie zurückschicken.', 'Jag fick fel storlek och fick skicka tillbaka den.'),
  ],
};

export const ASPECTS = ['quality', 'fit', 'colour', 'delivery', 'packaging', 'value', 'service'] as const;
export type Aspect = (typeof ASPECTS)[number];
export const PRODUCT_ASPECTS: readonly Aspect[] = ['quality', 'fit', 'colour', 'delivery', 'packaging', 'value'];
export const COMPANY_ASPECTS: readonly Aspect[] = ['delivery', 'packaging', 'service', 'value'];

/** A second sentence of a review: praise (for ratings 4-5) or a complaint about one aspect. */
export const ASPECT_SENTENCES: Record<Aspect, { praise: Text; complaint: Text }> = {
  quality: {
    praise: t('The stitching and materials feel premium.', 'Nähte und Materialien wirken hochwertig.', 'Sömmar och material känns exklusiva.'),
    complaint: t('The materials feel cheap.', 'Die Materialien wirken billig.', 'Materialet känns billigt.'),
  },
  fit: {
    praise: t('The size was spot on.', 'Die Größe passt perfekt.', 'Storleken stämmer perfekt.'),
    complaint: t('Runs small, order a size up.', 'Fällt klein aus, lieber eine Nummer größer bestellen.', 'Liten i storleken, beställ en storlek större.'),
  },
  colour: {
    praise: t('The colour is even nicer in real life.', 'Die Farbe ist in echt noch schöner.', 'Färgen är ännu finare i verkligheten.'),
    complaint: t('The colour faded after a few washes.', 'Die Farbe ist nach ein paar Wäschen verblasst.', 'Färgen bleknade efter några tvättar.'),
  },
  delivery: {
    praise: t('Delivery was quick too.', 'Die Lieferung war auch schnell.', 'Leveransen gick också snabbt.'),
    complaint: t('Delivery took longer than promised.', 'Die Lieferung hat länger gedauert als versprochen.', 'Leveransen tog längre tid än utlovat.'),
  },
  packaging: {
    praise: t('Lovely plastic-free packaging.', 'Schöne, plastikfreie Verpackung.', 'Fin plastfri förpackning.'),
    complaint: t('Way too much packaging.', 'Viel zu viel Verpackung.', 'Alldeles för mycket förpackning.'),
  },
  value: {
    praise: t('Great value for money.', 'Tolles Preis-Leistungs-Verhältnis.', 'Mycket prisvärd.'),
    complaint: t('Overpriced for what you get.', 'Zu teuer für das, was man bekommt.', 'För dyr för vad man får.'),
  },
  service: {
    praise: t('The support team was lovely.', 'Das Support-Team war super nett.', 'Supporten var jättetrevlig.'),
    complaint: t('Support was hard to reach.', 'Der Support war schwer zu erreichen.', 'Supporten var svår att nå.'),
  },
};

/** Aspect names for summaries (nominative, with article where the language needs one). */
export const ASPECT_NAMES: Record<Aspect, Text> = {
  quality: t('the quality', 'die Qualität', 'kvaliteten'),
  fit: t('the fit', 'die Passform', 'passformen'),
  colour: t('the colour', 'die Farbe', 'färgen'),
  delivery: t('the delivery', 'die Lieferung', 'leveransen'),
  packaging: t('the packaging', 'die Verpackung', 'förpackningen'),
  value: t('the value for money', 'das Preis-Leistungs-Verhältnis', 'prisvärdheten'),
  service: t('the customer service', 'der Kundenservice', 'kundservicen'),
};

export const SUMMARY_SUBJECT = {
  product: t('this product', 'dieses Produkt', 'den här produkten'),
  company: t('this store', 'diesen Shop', 'den här butiken'),
};
export const SUMMARY_TEMPLATES = {
  great: t(
    'Customers love {subject}. Praised most often: {a} and {b}.',
    'Kundinnen und Kunden lieben {subject}. Am häufigsten gelobt: {a} und {b}.',
    'Kunderna älskar {subject}. Oftast berömt: {a} och {b}.',
  ),
  good: t(
    'Most customers are happy with {subject}, above all with {a}. A point of criticism: {c}.',
    'Die meisten mögen {subject}. Besonders gelobt: {a}. Ein Kritikpunkt: {c}.',
    'De flesta är nöjda med {subject}, framför allt med {a}. En invändning: {c}.',
  ),
  mixed: t('Opinions on {subject} are divided. Often criticised: {c}.', 'Die Meinungen über {subject} sind geteilt. Oft kritisiert: {c}.', 'Åsikterna om {subject} går isär. Ofta kritiserat: {c}.'),
};

export const REPLIES: Record<Sentiment, Text> = {
  positive: t('Thank you so much for your kind words! – Team Northwind', 'Vielen Dank für die lieben Worte! – Team Northwind', 'Tack så mycket för de fina orden! – Team Northwind'),
  mixed: t(
    'Thanks for the honest feedback – we have passed it on to our product team.',
    'Danke für das ehrliche Feedback – wir haben es an unser Produktteam weitergegeben.',
    'Tack för den ärliga feedbacken – vi har skickat den vidare till vårt produktteam.',
  ),
  negative: t(
    "We're sorry to hear this. Our team has contacted you by e-mail to make it right.",
    'Das tut uns leid. Unser Team hat sich per E-Mail bei dir gemeldet, um es wiedergutzumachen.',
    'Vad tråkigt att höra. Vårt team har kontaktat dig via mejl för att ställa det till rätta.',
  ),
};
