// Passwords that lead the breached-password lists (the NCSC and rockyou top lists, the seasons and
// keyboard walks they are full of, and this product's own name), written out here so that no network is
// needed and the viewer can check with the same list. Only entries of 8 or more characters matter: the
// length rule refuses the rest. Compared in lower case.
const list = `
password password1 password12 password123 password1234 password! password1! password01 password2 passw0rd
p@ssw0rd p@ssword pa55word pa55w0rd passwort motdepasse contraseña 12345678 123456789 1234567890 0123456789
87654321 987654321 11111111 111111111 1111111111 00000000 000000000 0000000000 88888888 99999999 22222222
12341234 11223344 12121212 123123123 123321123 147258369 159753456 159357456 147852369 123456789a 1234567a
a1234567 a12345678 aa123456 aa12345678 abc12345 abcd1234 abcdefgh abcdefg1 abc123456 123abc123 1234abcd
12345abc qwertyuiop qwertyui qwerty12 qwerty123 qwerty1234 qwerty123456 qwerty1! qwertyuiop123 1q2w3e4r
1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsxedc
qazwsx123 123qweasd qweasdzxc qweasd123 1234qwer qwer1234 asdf1234 asdfasdf asdfghjk asdfghjkl asdfgh123
zxcvbnm1 zxcvbnm123 zxcvbnmm 12qwaszx 12345qwert iloveyou iloveyou1 iloveyou2 iloveyou! iloveu2 loveyou1
lovelove lovely12 ilovegod sunshine sunshine1 princess princess1 football football1 baseball baseball1
basketball soccer12 hockey12 welcome1 welcome123 welcome! welcome2024 letmein1 letmein123 letmein!
trustno1 trustno1! superman superman1 superman123 starwars starwars1 whatever whatever1 michelle jennifer
jordan23 computer computer1 corvette mercedes maverick internet samantha liverpool liverpool1 chelsea1
arsenal1 cocacola butterfly chocolate babygirl babygirl1 admin123 admin1234 administrator changeme
changeme1 changeme123 default1 secret123 secret12 monkey123 dragon123 master123 shadow123 mustang1
jessica1 michael1 charlie1 ashley12 nicole12 daniel12 pokemon1 naruto123 minecraft minecraft1 fortnite
spiderman batman123 pass1234 pass12345 test1234 test12345 testtest testing1 testing123 guest123 hello123
hellohello helloworld freedom1 blink182 flower12 buster12 tigger12 midnight scooter1 summer12 summer2020
summer2021 summer2022 summer2023 summer2024 summer2025 summer2026 winter2020 winter2021 winter2022
winter2023 winter2024 winter2025 winter2026 spring2023 spring2024 spring2025 spring2026 autumn2023
autumn2024 autumn2025 autumn2026 january1 december september november february1 thomas123 matthew1
jonathan andrew123 jordan123 anthony1 joshua12 william1 elizabeth alexander alexandra christian
victoria stephanie benjamin nicholas patricia michael123 football12 princess12 1q2w3e4r5 11111111a
qwerty11 qwerty01 asdasdasd zxczxczxc qweqweqwe 123qwe123 1234567q 123456qwerty q123456789 qwe123qwe
secret1234 abcdef123 letmein12 iloveyou12 loveme123 password11 password99 password2024 password2025
password2026 welcome2025 welcome2026 company1 company123 login123 access14 access123 master12 shadow12
killer123 dragon12 monkey12 hunter12 hunter123 ranger12 tigger123 jordan12 george12 pepper12 ginger12
thunder1 phoenix1 gateway1 dolphin1 silver12 golfer12 cheese12 orange12 purple12 yankees1 cowboys1
steelers eagles12 lakers24 rangers1 raiders1 packers1 broncos1 redskins dallas12 chicago1 boston12
newyork1 america1 england1 london12 canada12 toronto1 mexico12 brazil12 germany1 freedom123 parcelmap
parcelmap1 parcelmap123 parcels1 parcels123 landparcel property1 realestate
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter((p) => p.length >= 8));
